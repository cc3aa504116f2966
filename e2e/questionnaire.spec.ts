import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsDemo } from './support.js';

/*
 * The questionnaire journey of the issue, on the real portal and API: a category, one question of
 * each of the six types (the multiple-choice one opening a sub-question on 'Sim'), a quiz using
 * them with that sub-question ticked, an appearance that becomes the default, and the quiz preview
 * showing that appearance.
 */

const CATEGORY = 'Rotina';
const QUIZ_TITLE = 'Check-in semanal';
const FORWARD_TEXT = 'Avançar agora';

const Q = {
  freeField: 'O que você quer comentar?',
  multipleChoice: 'Você teve vontade de doce?',
  linearScale: 'Quanta fome você sentiu antes do almoço?',
  likertScale: 'Como foi a sua alimentação nesta semana?',
  fileUpload: 'Foto do seu prato principal',
  metrics: 'Peso',
} as const;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Radios, checkboxes and switches of react-aria keep their input visually hidden inside the label:
 * the person clicks the label, and so does the test.
 */
async function press(control: Locator) {
  await control.locator('xpath=ancestor::label[1]').click();
}

/** Opens a react-aria Select by its label and picks an option (the listbox renders in a popover). */
async function choose(page: Page, scope: Page | Locator, label: RegExp, option: string) {
  await scope.getByRole('button', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: option, exact: true }).click();
  await expect(listbox).toBeHidden();
}

/**
 * Creates and publishes one question in the 'Rotina' category; `configure` fills in the type's
 * own settings. Returns the new question's id, read from the address the editor moves to.
 */
async function publishQuestion(
  page: Page,
  title: string,
  typeLabel: string,
  configure?: () => Promise<void>,
): Promise<string> {
  await page.goto('/question-builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Nova pergunta' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await choose(page, page, /Categoria$/, CATEGORY);
  const typeRadio = page.getByRole('radio', { name: new RegExp(`^${typeLabel}`) });
  await press(typeRadio);
  await expect(typeRadio).toBeChecked();
  await expect(page.getByRole('heading', { name: `Configuração: ${typeLabel}` })).toBeVisible();
  await configure?.();
  await page.getByRole('button', { name: 'Publicar' }).click();
  // The 'Pergunta salva.' toast is not awaited: AppFrame clears toasts on every change of address,
  // and the editor moves to the new question's address right after adding it, so it may be gone already.
  await expect(page).toHaveURL(new RegExp(`/question-builder/${UUID}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Editar pergunta' })).toBeVisible();
  await expect(page.getByText('Publicada', { exact: true })).toBeVisible();
  return page.url().split('/').pop()!;
}

test('a professional builds a questionnaire: category, six question types, quiz with a sub-question, default appearance, preview', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsDemo(page);

  // 1. A category of her own.
  await page.goto('/quizzes/questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Banco de perguntas' })).toBeVisible();
  await page.getByRole('button', { name: 'Categorias', exact: true }).click();
  const categories = page.getByRole('dialog', { name: 'Categorias' });
  await expect(categories.getByText('Você ainda não criou categorias.')).toBeVisible();
  await categories.getByRole('textbox', { name: 'Nova categoria' }).fill(CATEGORY);
  await choose(page, categories, /Cor$/, 'Verde');
  await categories.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Categoria criada.')).toBeVisible();
  const rotina = categories.getByRole('listitem').filter({ hasText: CATEGORY });
  await expect(rotina).toContainText('0 perguntas');
  await expect(categories.getByRole('textbox', { name: 'Nova categoria' })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(categories).toBeHidden();

  // 2. One published question of each type. The free-field one first: it is the sub-question of 'Sim'.
  await publishQuestion(page, Q.freeField, 'Campo livre', async () => {
    await press(page.getByRole('switch', { name: 'Resposta em várias linhas' }));
    await expect(page.getByRole('switch', { name: 'Resposta em várias linhas' })).toBeChecked();
    await page.getByRole('textbox', { name: 'Máximo de caracteres' }).fill('300');
  });

  await publishQuestion(page, Q.multipleChoice, 'Múltipla escolha', async () => {
    await page.getByRole('textbox', { name: 'Alternativa 1' }).fill('Sim');
    await page.getByRole('textbox', { name: 'Alternativa 2' }).fill('Não');
    await page.getByRole('button', { name: 'Adicionar perguntas complementares a “Sim”' }).click();
    await page
      .getByRole('combobox', { name: 'Perguntas complementares ao escolher “Sim”' })
      .pressSequentially('comentar');
    await page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(escape(Q.freeField)) })
      .click();
    // The field empties itself and keeps offering the others; close it (it hides the rest while open).
    const picker = page.getByRole('combobox', { name: 'Perguntas complementares ao escolher “Sim”' });
    await expect(picker).toHaveValue('');
    await picker.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    const chosen = page.getByRole('grid', { name: 'Escolhidas para “Sim”' });
    await expect(chosen.getByRole('row', { name: new RegExp(escape(Q.freeField)) })).toBeVisible();
  });
  // The saved question comes back with its sub-question.
  await expect(page.getByRole('textbox', { name: 'Alternativa 1' })).toHaveValue('Sim');
  await expect(
    page
      .getByRole('grid', { name: 'Escolhidas para “Sim”' })
      .getByRole('row', { name: new RegExp(escape(Q.freeField)) }),
  ).toBeVisible();

  await publishQuestion(page, Q.linearScale, 'Escala linear', async () => {
    await page.getByRole('textbox', { name: 'Termina em' }).fill('10');
    await page.getByRole('textbox', { name: 'Termina em' }).press('Tab');
    await page.getByRole('textbox', { name: 'Legenda do 1', exact: true }).fill('Pouca fome');
    await page.getByRole('textbox', { name: 'Legenda do 10' }).fill('Muita fome');
  });

  await publishQuestion(page, Q.likertScale, 'Escala Likert', async () => {
    await page.getByRole('textbox', { name: 'Afirmação 1' }).fill('Comi devagar nas refeições.');
    await page.getByRole('button', { name: 'Adicionar afirmação' }).click();
    await page.getByRole('textbox', { name: 'Afirmação 2' }).fill('Bebi água ao longo do dia.');
  });

  await publishQuestion(page, Q.fileUpload, 'Envio de arquivo', async () => {
    await press(page.getByRole('checkbox', { name: 'PDF', exact: true }));
    await press(page.getByRole('checkbox', { name: 'HEIC', exact: true }));
    await expect(page.getByRole('checkbox', { name: 'PDF', exact: true })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'HEIC', exact: true })).toBeChecked();
  });

  await publishQuestion(page, Q.metrics, 'Métrica', async () => {
    await choose(page, page, /Unidade$/, 'kg');
    await expect(page.getByRole('button', { name: /Unidade/ })).toContainText('kg');
  });

  // The bank lists the six in 'Rotina', and the category counts them.
  await page.goto('/quizzes/questions');
  await choose(page, page, /Categoria$/, CATEGORY);
  const bankTable = page.getByRole('grid', { name: 'Perguntas' });
  await expect(bankTable.getByRole('row')).toHaveCount(7); // header + 6
  for (const title of Object.values(Q))
    await expect(bankTable.getByRole('row', { name: new RegExp(`^${escape(title)}`) })).toBeVisible();

  // 3. The quiz: the six questions from the bank, 'Sim' opening the free-field one.
  await page.goto('/quiz-builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo questionário' })).toBeVisible();
  await page.getByRole('textbox', { name: /Título do questionário/ }).fill(QUIZ_TITLE);
  await page.getByRole('tab', { name: 'Perguntas' }).click();
  const search = page.getByRole('searchbox', { name: 'Buscar no banco' });
  const order = [Q.multipleChoice, Q.linearScale, Q.likertScale, Q.freeField, Q.fileUpload, Q.metrics];
  for (const title of order) {
    await search.fill(title);
    const add = page.getByRole('button', { name: `Adicionar: ${title}`, exact: true });
    await add.click();
    await expect(page.getByRole('button', { name: `Adicionada: ${title}`, exact: true })).toBeDisabled();
  }
  const chosenList = page.getByRole('list', { name: 'Ordem das perguntas' });
  await expect(chosenList.getByRole('listitem')).toHaveCount(6);
  const sub = page.getByRole('checkbox', { name: `Incluir “${Q.freeField}” quando a resposta for “Sim”` });
  await expect(sub).not.toBeChecked();
  await press(sub);
  await expect(sub).toBeChecked();
  await expect(page.getByText('Alterações não salvas')).toBeVisible();
  await page
    .getByRole('region', { name: 'Salvar questionário' })
    .getByRole('button', { name: 'Salvar', exact: true })
    .click();
  // As with questions, the 'Questionário criado.' toast is cleared by the address change it comes with.
  await expect(page).toHaveURL(new RegExp(`/quiz-builder/${UUID}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Editar questionário' })).toBeVisible();
  await expect(page.getByText('Tudo salvo.')).toBeVisible();
  const quizUrl = new URL(page.url()).pathname;

  // 4. An appearance with her own forward button; the first one becomes the default.
  await page.goto('/quizzes/appearance');
  await expect(page.getByRole('heading', { level: 1, name: 'Aparência dos questionários' })).toBeVisible();
  await page
    .getByRole('button', { name: /^(Criar aparência|Nova aparência)$/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Nome da aparência' }).fill('Marca Ana');
  await page.getByRole('textbox', { name: 'Texto do botão de avançar' }).fill(FORWARD_TEXT);
  // The editor's own preview follows what is typed.
  await expect(page.getByRole('button', { name: FORWARD_TEXT })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar aparência' }).click();
  await expect(page.getByText(/^Aparência criada/)).toBeVisible();
  const card = page.getByRole('region', { name: 'Marca Ana', exact: true });
  await expect(card).toContainText(`botão “${FORWARD_TEXT}”`);
  const makeDefault = page.getByRole('button', { name: /Definir como padrão\s*:\s*Marca Ana/ });
  if (await makeDefault.isVisible()) {
    await makeDefault.click();
    await expect(page.getByText('“Marca Ana” agora é a aparência padrão.')).toBeVisible();
  }
  await expect(card.getByText('Padrão', { exact: true })).toBeVisible();
  await expect(makeDefault).toHaveCount(0);

  // 5. The quiz preview uses the default appearance: cover, then the first question with 'Avançar agora'.
  await page.goto(quizUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar questionário' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Título do questionário/ })).toHaveValue(QUIZ_TITLE);
  await page.getByRole('tab', { name: 'Perguntas' }).click();
  await expect(page.getByRole('list', { name: 'Ordem das perguntas' }).getByRole('listitem')).toHaveCount(6);
  await expect(
    page.getByRole('checkbox', { name: `Incluir “${Q.freeField}” quando a resposta for “Sim”` }),
  ).toBeChecked();

  const preview = page.getByRole('region', { name: 'Pré-visualização do questionário' });
  await expect(preview.getByRole('heading', { level: 1, name: QUIZ_TITLE })).toBeVisible();
  await preview.getByRole('button', { name: 'Começar' }).click();
  await expect(preview.getByRole('heading', { name: Q.multipleChoice })).toBeVisible();
  await expect(preview.getByRole('progressbar', { name: 'Pergunta 1 de 6' })).toBeAttached();
  const forward = preview.getByRole('button', { name: FORWARD_TEXT });
  await expect(forward).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Prosseguir' })).toHaveCount(0);
  // Answering 'Sim' opens the sub-question right after.
  await press(preview.getByRole('radio', { name: 'Sim' }));
  await expect(preview.getByRole('radio', { name: 'Sim' })).toBeChecked();
  await forward.click();
  await expect(preview.getByRole('heading', { name: Q.freeField })).toBeVisible();
  await expect(preview.getByRole('progressbar', { name: 'Pergunta 2 de 7' })).toBeAttached();
  await expect(preview.getByRole('button', { name: FORWARD_TEXT })).toBeVisible();

  // The quiz is listed with its six questions.
  await page.goto('/quizzes');
  const row = page.getByRole('grid', { name: 'Questionários' }).getByRole('row').filter({ hasText: QUIZ_TITLE });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('gridcell').nth(0)).toHaveText('6', { useInnerText: true });
  await expect(row).toContainText('Ativo');
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
