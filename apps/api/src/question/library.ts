/**
 * The starter library: global default categories and questions (Portuguese), upserted on every start
 * with stable name-based ids, so re-seeding is idempotent and library fixes reach existing databases.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { categories, questions, type QuestionType } from '../db/schema.js';
import { searchable, uuidFromName } from '../lib/text.js';

const cat = (slug: string) => uuidFromName(`category:${slug}`);
const q = (slug: string) => uuidFromName(`question:${slug}`);

export const DEFAULT_CATEGORIES = [
  { slug: 'antropometria', name: 'Antropometria', color: '#2563EB' },
  { slug: 'hidratacao', name: 'Hidratação', color: '#0EA5E9' },
  { slug: 'sono', name: 'Sono', color: '#6366F1' },
  { slug: 'intestino', name: 'Intestino', color: '#A16207' },
  { slug: 'fome', name: 'Fome e saciedade', color: '#F97316' },
  { slug: 'adesao', name: 'Adesão ao plano', color: '#16A34A' },
  { slug: 'atividade', name: 'Atividade física', color: '#DC2626' },
  { slug: 'humor', name: 'Humor e bem-estar', color: '#DB2777' },
  { slug: 'alimentacao', name: 'Alimentação', color: '#65A30D' },
  { slug: 'saude', name: 'Saúde e sintomas', color: '#7C3AED' },
  { slug: 'geral', name: 'Geral', color: '#475569' },
].map((c) => ({ ...c, id: cat(c.slug) }));

const alt = (labels: string[], subs: Record<string, string[]> = {}) =>
  labels.map((label, i) => ({ id: `a${i + 1}`, label, order: i, subQuestionIds: subs[label] ?? [] }));
const mc = (labels: string[], allowMultiple = false, subs: Record<string, string[]> = {}) => ({
  allowMultiple,
  alternatives: alt(labels, subs),
});
const linear = (min: 0 | 1, max: number, minLabel?: string, maxLabel?: string) => ({
  min,
  max,
  ...(minLabel ? { minLabel } : {}),
  ...(maxLabel ? { maxLabel } : {}),
});
const metrics = (unit: string, decimals: number, min?: number, max?: number) => ({
  unit,
  decimals,
  ...(min !== undefined ? { min } : {}),
  ...(max !== undefined ? { max } : {}),
});
const free = (multiline: boolean, maxLength: number) => ({ multiline, maxLength });
const AGREEMENT = [
  { id: 'l1', label: 'Discordo totalmente' },
  { id: 'l2', label: 'Discordo' },
  { id: 'l3', label: 'Neutro' },
  { id: 'l4', label: 'Concordo' },
  { id: 'l5', label: 'Concordo totalmente' },
];

interface LibraryQuestion {
  slug: string;
  category: string;
  type: QuestionType;
  title: string;
  acronym?: string;
  description?: string;
  iconId?: string;
  config: Record<string, unknown>;
}

export const DEFAULT_QUESTIONS: LibraryQuestion[] = [
  // Antropometria
  {
    slug: 'peso',
    category: 'antropometria',
    type: 'metrics',
    title: 'Qual é o seu peso hoje?',
    acronym: 'Peso',
    iconId: 'scale',
    description: 'Pese-se pela manhã, em jejum, depois de ir ao banheiro.',
    config: metrics('kg', 1, 20, 350),
  },
  {
    slug: 'cintura',
    category: 'antropometria',
    type: 'metrics',
    title: 'Circunferência da cintura',
    acronym: 'Cintura',
    iconId: 'ruler',
    description: 'Meça na altura do umbigo, sem apertar a fita.',
    config: metrics('cm', 1, 40, 250),
  },
  {
    slug: 'quadril',
    category: 'antropometria',
    type: 'metrics',
    title: 'Circunferência do quadril',
    acronym: 'Quadril',
    iconId: 'ruler',
    description: 'Meça na parte mais larga do quadril.',
    config: metrics('cm', 1, 50, 250),
  },
  {
    slug: 'gordura',
    category: 'antropometria',
    type: 'metrics',
    title: 'Percentual de gordura corporal',
    acronym: '% Gordura',
    iconId: 'percent',
    description: 'Valor da sua balança de bioimpedância, se tiver.',
    config: metrics('%', 1, 3, 70),
  },
  {
    slug: 'foto-corpo',
    category: 'antropometria',
    type: 'file-upload',
    title: 'Envie uma foto de frente e de perfil',
    acronym: 'Fotos corpo',
    iconId: 'camera',
    config: { acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'], maxSizeMb: 10 },
  },
  // Hidratação
  {
    slug: 'agua',
    category: 'hidratacao',
    type: 'metrics',
    title: 'Quantos litros de água você bebeu por dia, em média?',
    acronym: 'Água',
    iconId: 'droplet',
    config: metrics('L', 1, 0, 10),
  },
  {
    slug: 'urina',
    category: 'hidratacao',
    type: 'multiple-choice',
    title: 'Qual a cor da sua urina na maior parte do dia?',
    acronym: 'Cor da urina',
    iconId: 'droplet',
    config: mc(['Transparente', 'Amarelo-clara', 'Amarelo-escura', 'Âmbar ou marrom']),
  },
  {
    slug: 'alcool',
    category: 'hidratacao',
    type: 'multiple-choice',
    title: 'Quantas vezes você consumiu bebida alcoólica nesta semana?',
    acronym: 'Álcool',
    iconId: 'glass',
    config: mc(['Nenhuma', '1 vez', '2 a 3 vezes', '4 vezes ou mais']),
  },
  // Sono
  {
    slug: 'sono-horas',
    category: 'sono',
    type: 'metrics',
    title: 'Quantas horas você dormiu por noite, em média?',
    acronym: 'Horas de sono',
    iconId: 'moon',
    config: metrics('h', 1, 0, 24),
  },
  {
    slug: 'sono-qualidade',
    category: 'sono',
    type: 'linear-scale',
    title: 'Como você avalia a qualidade do seu sono?',
    acronym: 'Qualidade do sono',
    iconId: 'moon',
    config: linear(1, 5, 'Muito ruim', 'Excelente'),
  },
  // Intestino
  {
    slug: 'evacuacoes',
    category: 'intestino',
    type: 'multiple-choice',
    title: 'Com que frequência você evacuou nesta semana?',
    acronym: 'Evacuações',
    iconId: 'toilet',
    config: mc([
      'Menos de 3 vezes na semana',
      '3 a 6 vezes na semana',
      '1 vez por dia',
      '2 a 3 vezes por dia',
      'Mais de 3 vezes por dia',
    ]),
  },
  {
    slug: 'bristol',
    category: 'intestino',
    type: 'multiple-choice',
    title: 'Como estavam suas fezes na maior parte das vezes? (Escala de Bristol)',
    acronym: 'Bristol',
    iconId: 'toilet',
    description: 'Escolha o tipo mais parecido com o que você observou.',
    config: mc([
      'Tipo 1: bolinhas duras e separadas, difíceis de sair',
      'Tipo 2: formato de salsicha, mas encaroçada',
      'Tipo 3: formato de salsicha com rachaduras na superfície',
      'Tipo 4: formato de salsicha ou cobra, lisa e macia',
      'Tipo 5: pedaços macios com bordas bem definidas',
      'Tipo 6: pedaços moles, com bordas irregulares, pastosa',
      'Tipo 7: totalmente líquida, sem pedaços sólidos',
    ]),
  },
  // Fome e saciedade
  {
    slug: 'fome',
    category: 'fome',
    type: 'linear-scale',
    title: 'Qual o seu nível de fome antes das refeições?',
    acronym: 'Fome',
    iconId: 'utensils',
    config: linear(0, 10, 'Sem fome', 'Fome extrema'),
  },
  {
    slug: 'saciedade',
    category: 'fome',
    type: 'linear-scale',
    title: 'Qual o seu nível de saciedade depois das refeições?',
    acronym: 'Saciedade',
    iconId: 'utensils',
    config: linear(0, 10, 'Nada satisfeito', 'Muito cheio'),
  },
  {
    slug: 'qual-alimento',
    category: 'fome',
    type: 'free-field',
    title: 'Qual alimento?',
    acronym: 'Alimento desejado',
    iconId: 'utensils',
    config: free(false, 200),
  },
  {
    slug: 'vontade',
    category: 'fome',
    type: 'multiple-choice',
    title: 'Você teve vontade intensa de comer algum alimento específico?',
    acronym: 'Vontades',
    iconId: 'cookie',
    config: mc(['Sim', 'Não'], false, { Sim: [q('qual-alimento')] }),
  },
  {
    slug: 'beliscar',
    category: 'fome',
    type: 'multiple-choice',
    title: 'Você beliscou entre as refeições?',
    acronym: 'Beliscos',
    iconId: 'cookie',
    config: mc(['Nunca', 'Raramente', 'Algumas vezes', 'Quase todos os dias']),
  },
  // Adesão ao plano
  {
    slug: 'adesao',
    category: 'adesao',
    type: 'linear-scale',
    title: 'De 0 a 10, quanto você seguiu o plano alimentar nesta semana?',
    acronym: 'Adesão',
    iconId: 'check',
    config: linear(0, 10, 'Nada', 'Totalmente'),
  },
  {
    slug: 'adesao-likert',
    category: 'adesao',
    type: 'likert-scale',
    title: 'O quanto você concorda com as frases sobre o seu plano alimentar?',
    acronym: 'Percepção do plano',
    iconId: 'check',
    config: {
      statements: [
        { id: 's1', text: 'Consegui seguir o plano na maior parte dos dias.' },
        { id: 's2', text: 'As refeições do plano cabem na minha rotina.' },
        { id: 's3', text: 'Gosto dos alimentos do plano.' },
        { id: 's4', text: 'Me senti com energia seguindo o plano.' },
      ],
      levels: AGREEMENT,
    },
  },
  {
    slug: 'dificuldade',
    category: 'adesao',
    type: 'free-field',
    title: 'O que mais dificultou seguir o plano?',
    acronym: 'Dificuldades',
    iconId: 'message',
    config: free(true, 1000),
  },
  {
    slug: 'refeicoes-fora',
    category: 'adesao',
    type: 'multiple-choice',
    title: 'Quantas refeições você fez fora de casa nesta semana?',
    acronym: 'Refeições fora',
    iconId: 'store',
    config: mc(['Nenhuma', '1 a 2', '3 a 5', '6 ou mais']),
  },
  // Atividade física
  {
    slug: 'atividade-minutos',
    category: 'atividade',
    type: 'metrics',
    title: 'Quantos minutos de atividade física você fez nesta semana?',
    acronym: 'Minutos de atividade',
    iconId: 'run',
    config: metrics('min', 0, 0, 3000),
  },
  {
    slug: 'atividade-tipo',
    category: 'atividade',
    type: 'multiple-choice',
    title: 'Quais atividades físicas você praticou?',
    acronym: 'Tipo de atividade',
    iconId: 'run',
    config: mc(
      ['Caminhada', 'Corrida', 'Musculação', 'Ciclismo', 'Natação', 'Dança ou aula coletiva', 'Outra', 'Nenhuma'],
      true,
    ),
  },
  {
    slug: 'passos',
    category: 'atividade',
    type: 'metrics',
    title: 'Quantos passos você deu por dia, em média?',
    acronym: 'Passos',
    iconId: 'footprints',
    config: metrics('passos', 0, 0, 100000),
  },
  // Humor e bem-estar
  {
    slug: 'humor',
    category: 'humor',
    type: 'multiple-choice',
    title: 'Como você se sentiu na maior parte da semana?',
    acronym: 'Humor',
    iconId: 'smile',
    config: mc(['Muito bem', 'Bem', 'Normal', 'Triste ou desanimado(a)', 'Ansioso(a) ou irritado(a)']),
  },
  {
    slug: 'energia',
    category: 'humor',
    type: 'linear-scale',
    title: 'Como esteve a sua energia ao longo do dia?',
    acronym: 'Energia',
    iconId: 'bolt',
    config: linear(1, 5, 'Muito baixa', 'Muito alta'),
  },
  {
    slug: 'estresse',
    category: 'humor',
    type: 'linear-scale',
    title: 'Qual foi o seu nível de estresse nesta semana?',
    acronym: 'Estresse',
    iconId: 'brain',
    config: linear(0, 10, 'Nenhum', 'Extremo'),
  },
  // Alimentação
  {
    slug: 'fotos-refeicoes',
    category: 'alimentacao',
    type: 'file-upload',
    title: 'Envie fotos das suas refeições',
    acronym: 'Fotos refeições',
    iconId: 'camera',
    config: { acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'], maxSizeMb: 10 },
  },
  {
    slug: 'frutas',
    category: 'alimentacao',
    type: 'multiple-choice',
    title: 'Quantas porções de frutas você comeu por dia?',
    acronym: 'Frutas',
    iconId: 'apple',
    config: mc(['Nenhuma', '1 porção', '2 porções', '3 porções ou mais']),
  },
  {
    slug: 'verduras',
    category: 'alimentacao',
    type: 'multiple-choice',
    title: 'Quantas porções de verduras e legumes você comeu por dia?',
    acronym: 'Verduras e legumes',
    iconId: 'carrot',
    config: mc(['Nenhuma', '1 porção', '2 porções', '3 porções ou mais']),
  },
  {
    slug: 'ultraprocessados',
    category: 'alimentacao',
    type: 'multiple-choice',
    title:
      'Com que frequência você consumiu ultraprocessados (salgadinhos, biscoitos recheados, refrigerantes, embutidos)?',
    acronym: 'Ultraprocessados',
    iconId: 'package',
    config: mc(['Nenhum dia', '1 a 2 dias', '3 a 4 dias', '5 dias ou mais']),
  },
  {
    slug: 'refeicoes-dia',
    category: 'alimentacao',
    type: 'multiple-choice',
    title: 'Quantas refeições você fez por dia, em média?',
    acronym: 'Refeições por dia',
    iconId: 'utensils',
    config: mc(['1 a 2', '3', '4', '5', '6 ou mais']),
  },
  // Saúde e sintomas
  {
    slug: 'sintomas',
    category: 'saude',
    type: 'multiple-choice',
    title: 'Você sentiu algum destes sintomas?',
    acronym: 'Sintomas',
    iconId: 'stethoscope',
    config: mc(['Estufamento', 'Gases', 'Azia ou queimação', 'Refluxo', 'Náusea', 'Dor abdominal', 'Nenhum'], true),
  },
  {
    slug: 'ciclo',
    category: 'saude',
    type: 'multiple-choice',
    title: 'Em que fase do ciclo menstrual você está?',
    acronym: 'Ciclo menstrual',
    iconId: 'calendar',
    config: mc([
      'Menstruada',
      'Pós-menstruação (fase folicular)',
      'Ovulação',
      'Pré-menstrual (fase lútea)',
      'Não menstruo / não se aplica',
    ]),
  },
  {
    slug: 'medicacao',
    category: 'saude',
    type: 'multiple-choice',
    title: 'Você tomou seus medicamentos e suplementos como prescrito?',
    acronym: 'Adesão à medicação',
    iconId: 'pill',
    config: mc([
      'Todos os dias',
      'Esqueci alguns dias',
      'Esqueci a maioria dos dias',
      'Não uso medicamentos ou suplementos',
    ]),
  },
  {
    slug: 'glicemia',
    category: 'saude',
    type: 'metrics',
    title: 'Qual foi a sua glicemia em jejum?',
    acronym: 'Glicemia',
    iconId: 'drop',
    config: metrics('mg/dL', 0, 20, 600),
  },
  {
    slug: 'pressao-sistolica',
    category: 'saude',
    type: 'metrics',
    title: 'Pressão arterial: valor máximo (sistólica)',
    acronym: 'PA sistólica',
    iconId: 'heart',
    config: metrics('mmHg', 0, 50, 260),
  },
  {
    slug: 'pressao-diastolica',
    category: 'saude',
    type: 'metrics',
    title: 'Pressão arterial: valor mínimo (diastólica)',
    acronym: 'PA diastólica',
    iconId: 'heart',
    config: metrics('mmHg', 0, 30, 160),
  },
  {
    slug: 'exames',
    category: 'saude',
    type: 'file-upload',
    title: 'Envie seus exames recentes',
    acronym: 'Exames',
    iconId: 'file',
    config: { acceptedTypes: ['application/pdf', 'image/jpeg', 'image/png'], maxSizeMb: 20 },
  },
  // Geral
  {
    slug: 'semana',
    category: 'geral',
    type: 'free-field',
    title: 'Como foi sua semana?',
    acronym: 'Semana',
    iconId: 'message',
    config: free(true, 2000),
  },
  {
    slug: 'duvidas',
    category: 'geral',
    type: 'free-field',
    title: 'Tem alguma dúvida ou recado para a sua nutricionista?',
    acronym: 'Recado',
    iconId: 'message',
    config: free(true, 2000),
  },
];

export const defaultQuestionId = q;
export const defaultCategoryId = cat;

/** Upserts the default categories and questions. Safe on every start. */
export async function seedLibrary(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(
        DEFAULT_CATEGORIES.map((c) => ({
          id: c.id,
          professionalId: null,
          name: c.name,
          color: c.color,
          isDefault: true,
        })),
      )
      .onConflictDoUpdate({
        target: categories.id,
        set: { name: sql`excluded.name`, color: sql`excluded.color`, isDefault: sql`true`, updatedAt: sql`now()` },
      });
    await tx
      .insert(questions)
      .values(
        DEFAULT_QUESTIONS.map((x) => ({
          id: q(x.slug),
          professionalId: null,
          categoryId: cat(x.category),
          isDefault: true,
          draft: false,
          isActive: true,
          type: x.type,
          title: x.title,
          acronym: x.acronym ?? null,
          description: x.description ?? null,
          iconId: x.iconId ?? null,
          config: x.config,
          searchText: searchable(x.title, x.acronym),
        })),
      )
      .onConflictDoUpdate({
        target: questions.id,
        set: {
          categoryId: sql`excluded.category_id`,
          isDefault: sql`true`,
          draft: sql`false`,
          isActive: sql`true`,
          type: sql`excluded.type`,
          title: sql`excluded.title`,
          acronym: sql`excluded.acronym`,
          description: sql`excluded.description`,
          iconId: sql`excluded.icon_id`,
          config: sql`excluded.config`,
          searchText: sql`excluded.search_text`,
        },
      });
  });
}
