import type { MailMessage } from './mailer.js';

/** Text made safe inside HTML (mail bodies, the public page's head). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Inter,Arial,sans-serif;color:#030712">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#2563EB">Acompanha</p>
${bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#6b7280">Você recebeu este e-mail porque ele foi informado no Acompanha. Se não foi você, ignore esta mensagem.</p>
</div>
</body>
</html>`;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function verificationCodeEmail(to: string, name: string, code: string, ttlMinutes: number): MailMessage {
  const subject = `Seu código de verificação do Acompanha: ${code}`;
  const text = [
    `Olá, ${firstName(name)}!`,
    '',
    'Para confirmar seu e-mail no Acompanha, use o código abaixo:',
    '',
    `    ${code}`,
    '',
    `O código vale por ${ttlMinutes} minutos.`,
    '',
    'Se você não criou uma conta no Acompanha, ignore este e-mail.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(firstName(name))}!</p>
<p>Para confirmar seu e-mail no Acompanha, use o código abaixo:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:24px 0">${escapeHtml(code)}</p>
<p>O código vale por ${ttlMinutes} minutos.</p>`,
  );
  return { to, subject, text, html };
}

export function passwordRecoveryEmail(to: string, name: string, link: string, ttlMinutes: number): MailMessage {
  const subject = 'Redefinição de senha do Acompanha';
  const text = [
    `Olá, ${firstName(name)}!`,
    '',
    'Recebemos um pedido para redefinir a senha da sua conta no Acompanha.',
    'Para criar uma nova senha, abra o link abaixo:',
    '',
    link,
    '',
    `O link vale por ${ttlMinutes} minutos e só pode ser usado uma vez.`,
    '',
    'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(firstName(name))}!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta no Acompanha.</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#2563EB;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Criar nova senha</a></p>
<p style="font-size:13px;color:#374151">Ou copie este endereço no navegador:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p>O link vale por ${ttlMinutes} minutos e só pode ser usado uma vez.</p>
<p>Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.</p>`,
  );
  return { to, subject, text, html };
}

/** The quiz link e-mailed to a patient: the professional's template message, then a button, the PIN and the link. */
export function quizLinkEmail(
  to: string,
  data: { professionalName: string; quizTitle: string; message: string; link: string; pin: string },
): MailMessage {
  const subject = `${data.professionalName} enviou o questionário "${data.quizTitle}"`;
  const text = [
    data.message,
    '',
    `Link: ${data.link}`,
    `PIN: ${data.pin}`,
    '',
    'O PIN abre o questionário só para você: não o compartilhe. Cada novo envio traz um novo PIN.',
  ].join('\n');
  const paragraphs = data.message
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = layout(
    subject,
    `${paragraphs}
<p style="margin:24px 0 8px">Seu PIN:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:0 0 24px">${escapeHtml(data.pin)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(data.link)}" style="background:#2563EB;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Responder questionário</a></p>
<p style="font-size:13px;color:#374151">Ou copie este endereço no navegador:<br><span style="word-break:break-all">${escapeHtml(data.link)}</span></p>
<p style="font-size:13px;color:#374151">O PIN abre o questionário só para você: não o compartilhe. Cada novo envio traz um novo PIN.</p>`,
  );
  return { to, subject, text, html };
}

/** A notification to the professional: what happened and a link to the portal (no patient data). */
export function notificationDigestEmail(to: string, subject: string, text: string, link: string): MailMessage {
  const body = [
    text,
    '',
    `Abra o Acompanha: ${link}`,
    '',
    'Você pode escolher o que recebe por e-mail em Notificações > Configurar.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(text)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#2563EB;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Abrir o Acompanha</a></p>
<p style="font-size:13px;color:#374151">Você pode escolher o que recebe por e-mail em Notificações &gt; Configurar notificações.</p>`,
  );
  return { to, subject, text: body, html };
}

/**
 * A data export is ready. To the patient: a link to her ZIP that stops working at `until`. To the professional
 * ("Exportar tudo"): no link to the file, only to the portal, where she downloads it signed in.
 */
export function dataExportReadyEmail(
  to: string,
  name: string,
  opts: { link: string; until: string; professionalName?: string },
): MailMessage {
  const forPatient = opts.professionalName !== undefined;
  const subject = forPatient ? 'Sua cópia dos dados está pronta' : 'A exportação de todos os clientes está pronta';
  const lead = forPatient
    ? `A cópia dos seus dados guardados por ${opts.professionalName} está pronta. O link vale até ${opts.until}.`
    : `O arquivo com os dados de todos os seus clientes está pronto. Baixe-o no seu perfil, em “Exportar tudo”, até ${opts.until}.`;
  const action = forPatient ? 'Baixar meus dados' : 'Abrir meu perfil';
  const text = [
    `Olá, ${firstName(name)}!`,
    '',
    lead,
    '',
    `${action}: ${opts.link}`,
    '',
    'Se não foi você quem pediu, avise-nos respondendo a este e-mail.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(firstName(name))}!</p><p>${escapeHtml(lead)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(opts.link)}" style="background:#2563EB;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#374151">O arquivo é um .zip com um resumo para ler e imprimir, os dados em JSON e CSV e os arquivos enviados. Se não foi você quem pediu, avise-nos respondendo a este e-mail.</p>`,
  );
  return { to, subject, text, html };
}
