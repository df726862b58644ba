/**
 * The one table of error situations: each has one HTTP status and one Spanish message (SPEC's wording where
 * SPEC has one). Servers answer `{ error, code }` from it; browser code may read it to word a failure it
 * detects itself. A handler may give a more specific SPEC text for its own form, never a different status.
 */
export const ERROR_TABLE = {
  bad_request: { status: 400, message: 'La solicitud no tiene un formato válido.' },
  invalid_input: { status: 400, message: 'Revisa los datos enviados: alguno no es válido.' },
  invalid_text: { status: 400, message: 'El texto contiene caracteres no válidos (por ejemplo, el carácter nulo).' },
  not_signed_in: { status: 401, message: 'Usuario no autenticado' },
  forbidden: { status: 403, message: 'No tienes permisos para realizar esta acción.' },
  cross_site: { status: 403, message: 'Solicitud rechazada: debe hacerse desde este mismo sitio.' },
  account_disabled: { status: 403, message: 'Tu cuenta está desactivada. Escribe al equipo del sitio si crees que es un error.' },
  not_found: { status: 404, message: 'No se encontró lo que buscas.' },
  user_not_found: { status: 404, message: 'Usuario no encontrado' },
  redirect_not_found: { status: 404, message: 'Redirección no encontrada' },
  category_not_found: { status: 404, message: 'Categoría no encontrada' },
  tool_not_found: { status: 404, message: 'La herramienta no existe o no está publicada.' },
  image_not_found: { status: 404, message: 'Imagen no encontrada' },
  description_not_found: { status: 404, message: 'Descripción no encontrada' },
  post_not_found: { status: 404, message: 'Publicación no encontrada' },
  story_not_found: { status: 404, message: 'Historia no encontrada' },
  method_not_allowed: { status: 405, message: 'Este método no está permitido aquí.' },
  conflict: { status: 409, message: 'La operación choca con el estado actual. Recarga la página e inténtalo de nuevo.' },
  // Admin panel: rules that keep the site manageable and its addresses working.
  last_admin: { status: 409, message: 'No puedes quitar el rol ni desactivar al último administrador activo: nombra antes a otro administrador.' },
  own_account: { status: 409, message: 'No puedes cambiar tu propio rol ni desactivar tu propia cuenta desde aquí: pídeselo a otro administrador.' },
  redirect_conflict: { status: 409, message: 'La redirección formaría un bucle o una cadena de más de un salto.' },
  // Categories admin: one category per address.
  category_slug_taken: { status: 409, message: 'Ya hay otra categoría con esa dirección: elige otra.' },
  rebuild_unavailable: {
    status: 409,
    message: 'Este despliegue no reconstruye el sitio por sí mismo: lanza un nuevo despliegue (por ejemplo con el deploy hook de Vercel).',
  },
  generation_in_progress: { status: 409, message: 'Ya tienes una generación en curso. Espera a que termine e inténtalo de nuevo.' },
  too_large: { status: 413, message: 'La solicitud es demasiado grande.' },
  unsupported_type: { status: 415, message: 'Tipo de contenido no admitido.' },
  // Image upload: the file must be an image (its bytes are checked, not its name).
  invalid_image: { status: 415, message: 'Por favor selecciona un archivo de imagen válido' },
  unprocessable: { status: 422, message: 'No se pudo procesar la solicitud.' },
  rate_limited: { status: 429, message: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.' },
  ai_quota: { status: 429, message: 'Has hecho muchas solicitudes seguidas. Espera un poco antes de generar de nuevo.' },
  internal: { status: 500, message: 'Algo salió mal. Inténtalo de nuevo.' },
  unavailable: { status: 503, message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.' },
  stream_capacity: { status: 503, message: 'Hay demasiadas conexiones abiertas. El contador se actualizará al recargar la página.' },
  // The AI provider's failures: its fault is a gateway error or an outage, the prompt's is 422.
  ai_unauthorized: { status: 503, message: 'El servicio de IA no aceptó la clave configurada. Avisa al equipo del sitio.' },
  ai_rate_limited: { status: 503, message: 'El servicio de IA está saturado en este momento. Inténtalo de nuevo en unos minutos.' },
  ai_content_refused: { status: 422, message: 'El servicio de IA rechazó la solicitud por su política de contenido. Prueba con otra descripción.' },
  ai_timeout: { status: 504, message: 'El servicio de IA tardó demasiado en responder. Inténtalo de nuevo.' },
  ai_unreachable: { status: 502, message: 'Error de conexión con el servicio de IA. Inténtalo de nuevo.' },
  ai_bad_response: { status: 502, message: 'Error en el servicio de IA' },
  // Publishing, editing and moderating.
  edit_not_found: { status: 404, message: 'La publicación que buscas no existe o no tienes permisos para editarla.' },
  edit_forbidden: { status: 403, message: 'No tienes permisos para editar publicaciones' },
  publish_failed: { status: 500, message: 'No se pudo publicar la entrada' },
  update_failed: { status: 500, message: 'No se pudo actualizar la publicación' },
  category_missing: { status: 400, message: 'Alguna de las categorías elegidas ya no existe. Recarga la página y elige otra.' },
  slug_taken: { status: 409, message: 'Esa dirección (slug) ya la usa otra página. Elige otra.' },
  already_reviewed: { status: 409, message: 'Otra persona ya revisó esta publicación. Recarga la página para ver su estado.' },
  // An author's published listing is withdrawn, never deleted: its address, audit trail and way back stay.
  published_delete: { status: 409, message: 'Una herramienta publicada no se elimina: retírala y dejará de verse en el sitio.' },
  not_withdrawable: { status: 409, message: 'Solo se puede retirar una herramienta publicada. Recarga la página para ver su estado.' },
  not_withdrawn: { status: 409, message: 'Solo se puede pedir que vuelva una herramienta retirada. Recarga la página para ver su estado.' },
  edit_conflict: { status: 409, message: 'Alguien guardó cambios en esta publicación mientras la editabas. Recarga la página para ver la última versión.' },
  // Images for publications and addresses fetched on the author's behalf.
  image_too_large: { status: 413, message: 'La imagen es demasiado grande. Máximo 5MB' },
  // A request named a stored file its author neither uploaded nor generated (file-owners.ts).
  file_not_yours: { status: 403, message: 'Esa imagen no es tuya: solo puedes usar imágenes que hayas subido o generado tú.' },
  upload_failed: { status: 503, message: 'No se pudo subir la imagen al almacenamiento. Inténtalo de nuevo.' },
  remote_blocked: { status: 422, message: 'Esa dirección no es pública: solo se pueden leer páginas e imágenes de internet.' },
  remote_unreachable: { status: 502, message: 'No se pudo abrir esa dirección. Comprueba que es correcta y que la web funciona.' },
  remote_timeout: { status: 504, message: 'Esa dirección tardó demasiado en responder. Inténtalo de nuevo o rellena los datos a mano.' },
  remote_not_page: { status: 422, message: 'Esa dirección no es una página web.' },
  // Makers' claims of their tools and their proposed changes.
  claim_domain_mismatch: {
    status: 422,
    message: 'El correo debe ser una dirección del propio dominio de la herramienta (por ejemplo, nombre@dominio-de-la-herramienta.com).',
  },
  claim_no_domain: { status: 422, message: 'Esta herramienta no tiene una web propia con la que comprobar quién la hace. Escribe al equipo del sitio.' },
  claim_token_invalid: { status: 410, message: 'El enlace de verificación no es válido, ya se usó o ha caducado. Pide uno nuevo.' },
  claim_taken: { status: 409, message: 'Otra cuenta ya verificó que esta herramienta es suya. Si crees que es un error, escribe al equipo del sitio.' },
  claim_already_yours: { status: 409, message: 'Ya verificaste que esta herramienta es tuya.' },
  claim_site_no_code: { status: 409, message: 'Tu código ha caducado o ya no es válido. Recarga la página para obtener uno nuevo.' },
  claim_site_unreachable: {
    status: 422,
    message: 'No se pudo acceder a la web de la herramienta. Comprueba que está en línea y vuelve a intentarlo.',
  },
  claim_site_code_missing: {
    status: 422,
    message: 'No encontramos el código en la web: ni la etiqueta meta en su página principal ni el archivo /.well-known/brujula-ia.txt.',
  },
  claim_site_code_mismatch: { status: 422, message: 'El código de la web no coincide con el tuyo. Copia de nuevo el que ves en esta página.' },
  claim_not_found: { status: 404, message: 'Reclamación no encontrada' },
  not_maker: { status: 403, message: 'Solo el creador verificado de la herramienta puede proponer cambios en su ficha.' },
  proposal_empty: { status: 400, message: 'La propuesta no cambia nada: modifica algún campo antes de enviarla.' },
  proposal_not_found: { status: 404, message: 'Propuesta no encontrada' },
  // «Redactar con IA»: the tool's own site is the only source, and a draft is reviewed once.
  draft_no_url: { status: 422, message: 'Esta herramienta no tiene dirección web: no hay de dónde redactar el borrador.' },
  draft_robots: { status: 422, message: 'El robots.txt de la web de la herramienta no nos deja leerla: no se puede redactar el borrador.' },
  draft_site_unreachable: {
    status: 502,
    message: 'No se pudo leer la web de la herramienta, así que no hay borrador. Comprueba su dirección o inténtalo más tarde.',
  },
  draft_not_found: { status: 404, message: 'El borrador no existe o ya se revisó.' },
  draft_in_progress: { status: 409, message: 'Esta herramienta ya tiene un borrador en cola. Espera a que termine.' },
  // Publish-form drafts: someone else's draft is as missing as one that never existed.
  submission_draft_not_found: { status: 404, message: 'El borrador no existe o no es tuyo.' },
  submission_drafts_full: { status: 409, message: 'Tienes demasiados borradores: elimina alguno desde tu panel antes de empezar otro.' },
  // Ratings and reviews.
  review_exists: { status: 409, message: 'Ya has valorado esta herramienta. Puedes editar tu valoración.' },
  review_not_found: { status: 404, message: 'La valoración no existe o ya no está publicada.' },
  review_not_yours: { status: 403, message: 'Esta valoración es de otra cuenta: solo puedes cambiar o borrar las tuyas.' },
  review_own_vote: { status: 403, message: 'No puedes marcar como útil ni denunciar tu propia valoración.' },
  reply_not_maker: { status: 403, message: 'Solo el creador verificado de la herramienta puede responder a sus valoraciones.' },
  reply_exists: { status: 409, message: 'Ya has respondido a esta valoración. Puedes editar tu respuesta.' },
  reply_not_found: { status: 404, message: 'La respuesta no existe o ya se borró.' },
  reply_not_yours: { status: 403, message: 'Esta respuesta es de otra cuenta: solo puedes cambiar o borrar las tuyas.' },
  review_own_tool: { status: 403, message: 'No puedes valorar tu propia herramienta: eres su creador verificado.' },
  email_not_verified: { status: 403, message: 'Confirma tu email antes de valorar: abre el enlace que te enviamos al registrarte.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorKind = keyof typeof ERROR_TABLE;

/** The JSON body of every error answer. `fields` names the form fields at fault, with their messages. */
export interface ErrorBody {
  error: string;
  code: ErrorKind;
  fields?: Record<string, string>;
  retryAfter?: number;
}

/** «unos segundos», «1 minuto», «4 minutos», «2 horas»: how long a rate-limited visitor waits, rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 60) return 'unos segundos';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

/** Limits a person runs into say when they can try again; the table's text alone («Espera un momento») does not. */
export const SAYS_WHEN_TO_RETRY: ReadonlySet<ErrorKind> = new Set(['rate_limited', 'ai_quota']);
