/** Spanish e-mails sent by the site. */
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from './mailer.ts';

const paragraphs = (texts: string[]) => texts.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('');

function layout(siteName: string, before: string[], action: { label: string; url: string }, after: string[]): string {
  const button =
    `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#475569">Si el botón no funciona, copia esta dirección en tu navegador:<br>${escapeHtml(action.url)}</p>`;
  return `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5"><h1 style="font-size:20px">${escapeHtml(siteName)}</h1>${paragraphs(before)}${button}${paragraphs(after)}</body></html>`;
}

export function verificationEmail(options: { to: string; name: string; url: string; siteName: string }): MailMessage {
  const intro = `Hola, ${options.name}:`;
  const ask = `Confirma tu email para activar tu cuenta en ${options.siteName}. El enlace caduca en una hora.`;
  const ignore = 'Si no te has registrado tú, ignora este mensaje.';
  return {
    to: options.to,
    subject: `Confirma tu email en ${options.siteName}`,
    text: `${intro}\n\n${ask}\n\n${options.url}\n\n${ignore}\n`,
    html: layout(options.siteName, [intro, ask], { label: 'Confirmar mi email', url: options.url }, [ignore]),
  };
}

/** Sent instead of an error when someone signs up with an address that already has an account (no account enumeration). */
export function existingAccountEmail(options: { to: string; name: string; loginUrl: string; siteName: string }): MailMessage {
  const intro = `Hola, ${options.name}:`;
  const notice = `Alguien ha intentado registrarse en ${options.siteName} con este email, pero ya tienes una cuenta.`;
  const ignore = 'Si no has sido tú, puedes ignorar este mensaje: tu cuenta no ha cambiado.';
  return {
    to: options.to,
    subject: `Ya tienes una cuenta en ${options.siteName}`,
    text: `${intro}\n\n${notice}\n\nInicia sesión aquí: ${options.loginUrl}\n\n${ignore}\n`,
    html: layout(options.siteName, [intro, notice], { label: 'Iniciar sesión', url: options.loginUrl }, [ignore]),
  };
}

/** 'Olvidé mi contraseña': the link opens the page where a new password is chosen. */
export function passwordResetEmail(options: { to: string; name: string; url: string; siteName: string }): MailMessage {
  const intro = `Hola, ${options.name}:`;
  const ask = `Has pedido restablecer tu contraseña de ${options.siteName}. El enlace caduca en una hora y solo sirve una vez.`;
  const ignore = 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no ha cambiado.';
  return {
    to: options.to,
    subject: `Restablece tu contraseña de ${options.siteName}`,
    text: `${intro}\n\n${ask}\n\n${options.url}\n\n${ignore}\n`,
    html: layout(options.siteName, [intro, ask], { label: 'Elegir una contraseña nueva', url: options.url }, [ignore]),
  };
}

/** Sent to the new address of an e-mail change: the change happens only when this link is opened. */
export function emailChangeVerificationEmail(options: { to: string; name: string; url: string; siteName: string }): MailMessage {
  const intro = `Hola, ${options.name}:`;
  const ask = `Confirma que quieres usar este email en tu cuenta de ${options.siteName}. Hasta que abras el enlace, la cuenta sigue con el email anterior. El enlace caduca en una hora.`;
  const ignore = 'Si no lo has pedido tú, ignora este mensaje.';
  return {
    to: options.to,
    subject: `Confirma tu nuevo email en ${options.siteName}`,
    text: `${intro}\n\n${ask}\n\n${options.url}\n\n${ignore}\n`,
    html: layout(options.siteName, [intro, ask], { label: 'Confirmar el nuevo email', url: options.url }, [ignore]),
  };
}

/** Sent to the current address when someone asks to move the account to another one. */
export function emailChangeNoticeEmail(options: { to: string; name: string; newEmail: string; profileUrl: string; siteName: string }): MailMessage {
  const intro = `Hola, ${options.name}:`;
  const notice = `Se ha pedido cambiar el email de tu cuenta de ${options.siteName} a ${options.newEmail}. El cambio solo se hará si alguien abre el enlace enviado a esa dirección.`;
  const act = 'Si no has sido tú, cambia tu contraseña cuanto antes desde tu perfil.';
  return {
    to: options.to,
    subject: `Cambio de email en ${options.siteName}`,
    text: `${intro}\n\n${notice}\n\n${act}\n${options.profileUrl}\n`,
    html: layout(options.siteName, [intro, notice], { label: 'Ir a mi perfil', url: options.profileUrl }, [act]),
  };
}

/** Sent to the author when a moderator approves their submission: the page is live at `url`. */
export function approvalEmail(options: { to: string; name: string; title: string; url: string; siteName: string }): MailMessage {
  const intro = `Hola, ${options.name}:`;
  const news = `Hemos revisado «${options.title}» y ya está publicada en ${options.siteName}. Gracias por compartirla.`;
  const after =
    'Su página ya está disponible; en la portada, en su categoría y en el buscador aparecerá en cuanto el sitio se actualice, normalmente en pocos minutos.';
  return {
    to: options.to,
    subject: `Tu publicación «${options.title}» ya está publicada`,
    text: `${intro}\n\n${news}\n\n${options.url}\n\n${after}\n`,
    html: layout(options.siteName, [intro, news], { label: 'Ver la publicación', url: options.url }, [after]),
  };
}

/** Sent to the author when a moderator rejects their submission, with the moderator's reason and a way to fix it. */
export function rejectionEmail(options: { to: string; name: string; title: string; reason: string; editUrl: string; siteName: string }): MailMessage {
  const intro = `Hola, ${options.name}:`;
  const news = `Hemos revisado «${options.title}» y de momento no podemos publicarla en ${options.siteName}.`;
  const reason = `Motivo: ${options.reason}`;
  const next = 'Puedes corregirla y enviarla de nuevo a revisión desde este enlace.';
  return {
    to: options.to,
    subject: `Tu publicación «${options.title}» necesita cambios`,
    text: `${intro}\n\n${news}\n\n${reason}\n\n${next}\n${options.editUrl}\n`,
    html: layout(options.siteName, [intro, news, reason, next], { label: 'Editar la publicación', url: options.editUrl }, []),
  };
}

/** Sent to an address at a tool's own domain when someone claims the tool: the one-time link proves it. */
export function claimEmail(options: { to: string; name: string; title: string; url: string; hours: number; siteName: string }): MailMessage {
  const intro = `Hola, ${options.name}:`;
  const news = `Has pedido verificar que «${options.title}» es tuya en ${options.siteName}. Abre este enlace con tu cuenta iniciada para confirmarlo.`;
  const after = `El enlace sirve una sola vez y caduca en ${options.hours} horas. Si no lo pediste tú, ignora este correo.`;
  return {
    to: options.to,
    subject: `Verifica que «${options.title}» es tuya`,
    text: `${intro}\n\n${news}\n\n${options.url}\n\n${after}\n`,
    html: layout(options.siteName, [intro, news], { label: 'Verificar la herramienta', url: options.url }, [after]),
  };
}

/** Sent to the author when an admin takes their published tool off the site, with the admin's reason. */
export function withdrawalEmail(options: { to: string; name: string; title: string; reason: string; dashboardUrl: string; siteName: string }): MailMessage {
  const intro = `Hola, ${options.name}:`;
  const news = `Hemos retirado «${options.title}» de ${options.siteName}: ya no se muestra en el sitio.`;
  const reason = `Motivo: ${options.reason}`;
  const next = 'Puedes corregirla y pedir que vuelva desde «Mis publicaciones»; el equipo la revisará de nuevo.';
  return {
    to: options.to,
    subject: `Tu publicación «${options.title}» se ha retirado`,
    text: `${intro}\n\n${news}\n\n${reason}\n\n${next}\n${options.dashboardUrl}\n`,
    html: layout(options.siteName, [intro, news, reason, next], { label: 'Ir a Mis publicaciones', url: options.dashboardUrl }, []),
  };
}

/** What an admin notice is about: a tool to review, or one its author took off the site. */
export type AdminNoticeKind = 'new' | 'resubmitted' | 'withdrawn';

export interface AdminNoticeItem {
  kind: AdminNoticeKind;
  title: string;
  authorName: string;
}

const ADMIN_NOTICE_LINES: Record<AdminNoticeKind, (item: AdminNoticeItem) => string> = {
  new: (item) => `Nueva herramienta por revisar: «${item.title}», enviada por ${item.authorName}.`,
  resubmitted: (item) => `«${item.title}» vuelve a revisión: ${item.authorName} la ha enviado de nuevo.`,
  withdrawn: (item) => `${item.authorName} ha retirado «${item.title}»: ya no se muestra en el sitio.`,
};

const ADMIN_NOTICE_SUBJECTS: Record<AdminNoticeKind, (item: AdminNoticeItem) => string> = {
  new: (item) => `Nueva herramienta por revisar: «${item.title}»`,
  resubmitted: (item) => `«${item.title}» vuelve a revisión`,
  withdrawn: (item) => `«${item.title}» retirada por su autor`,
};

/** One notice to an admin as it happens («Cada una» in the settings). */
export function adminNoticeEmail(options: { to: string; item: AdminNoticeItem; queueUrl: string; siteName: string }): MailMessage {
  const line = ADMIN_NOTICE_LINES[options.item.kind](options.item);
  const after = 'Recibes este aviso porque administras el sitio; puedes cambiar la frecuencia en Configuración.';
  return {
    to: options.to,
    subject: ADMIN_NOTICE_SUBJECTS[options.item.kind](options.item),
    text: `${line}\n\n${options.queueUrl}\n\n${after}\n`,
    html: layout(options.siteName, [line], { label: 'Abrir Pendientes', url: options.queueUrl }, [after]),
  };
}

/** The day's notices in one message («Resumen diario» in the settings). */
export function adminDigestEmail(options: { to: string; items: AdminNoticeItem[]; queueUrl: string; siteName: string }): MailMessage {
  const lines = options.items.map((item) => ADMIN_NOTICE_LINES[item.kind](item));
  const intro = options.items.length === 1 ? 'Resumen del día: un aviso.' : `Resumen del día: ${options.items.length} avisos.`;
  const after = 'Recibes este resumen porque administras el sitio; puedes cambiar la frecuencia en Configuración.';
  return {
    to: options.to,
    subject: `Resumen diario de ${options.siteName}: ${options.items.length === 1 ? '1 aviso' : `${options.items.length} avisos`}`,
    text: `${intro}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\n${options.queueUrl}\n\n${after}\n`,
    html: layout(options.siteName, [intro, ...lines], { label: 'Abrir Pendientes', url: options.queueUrl }, [after]),
  };
}
