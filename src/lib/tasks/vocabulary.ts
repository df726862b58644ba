/**
 * The curated Spanish task vocabulary: what people want to do with AI, in the words they type, tied to
 * the catalogue's categories and seed keywords. Each task is also a use-case tag on tools (posts.use_cases), the
 * slug of its «IA para…» page (/ia-para/{slug}) and a target of the search's query expansion. Pure data and pure
 * matching helpers: accent- and case-insensitive, with Spanish stop words ('ia', 'con', 'para', 'de'…) ignored.
 */
import { foldAccents, roughStem } from '../text.ts';

export interface Task {
  /** The tag stored on tools and the page's address: /ia-para/{slug}. */
  slug: string;
  /** What the task is, as a visitor would say it: «Hacer presentaciones». */
  label: string;
  /** The category this task belongs to: its tools rank higher for it, and its page links here. */
  home: string;
  /** Categories whose every tool serves this task (their tools get the tag). */
  categories: readonly string[];
  /** Seed keywords (posts.keywords) that say a tool serves this task. */
  keywords: readonly string[];
  /** What people type for it: synonyms and inflections. Phrases of two or more words also tag tools from their texts. */
  phrases: readonly string[];
}

export const TASKS: readonly Task[] = [
  {
    slug: 'hacer-presentaciones',
    label: 'Hacer presentaciones',
    home: 'presentaciones',
    categories: ['presentaciones'],
    keywords: ['presentaciones', 'generación de diapositivas', 'diseño de diapositivas'],
    phrases: [
      'hacer presentaciones',
      'crear presentaciones',
      'diseñar presentaciones',
      'generar presentaciones',
      'presentaciones',
      'presentación',
      'diapositivas',
      'powerpoint',
      'slides',
    ],
  },
  {
    slug: 'crear-imagenes',
    label: 'Crear imágenes',
    home: 'imagen',
    categories: [],
    keywords: ['generación de imágenes', 'texto a imagen', 'imágenes con IA', 'arte con IA'],
    phrases: [
      'generador de imágenes',
      'generar imágenes',
      'crear imágenes',
      'hacer imágenes',
      'crear fotos',
      'texto a imagen',
      'arte con ia',
      'dibujar',
      'ilustraciones',
      'ilustrar',
    ],
  },
  {
    slug: 'programar',
    label: 'Programar',
    home: 'codigo',
    categories: ['codigo'],
    keywords: ['generación de código', 'editor de código IA', 'agente de programación', 'autocompletado de código'],
    phrases: [
      'programar',
      'programación',
      'programador',
      'código',
      'escribir código',
      'generar código',
      'desarrollar',
      'desarrollo de software',
      'asistente de código',
      'autocompletar código',
    ],
  },
  {
    slug: 'alternativas-a-chatgpt',
    label: 'Chatear con una IA',
    home: 'asistentes-chat',
    categories: ['asistentes-chat'],
    keywords: ['chatbots', 'asistente de IA', 'modelo de lenguaje grande'],
    phrases: [
      'alternativa a chatgpt',
      'alternativas a chatgpt',
      'como chatgpt',
      'chatbot',
      'chatbots',
      'chat con ia',
      'chatear con ia',
      'hablar con una ia',
      'asistente virtual',
      'asistente de ia',
      'preguntar a una ia',
    ],
  },
  {
    slug: 'escribir-textos',
    label: 'Escribir textos',
    home: 'escritura',
    categories: ['escritura'],
    keywords: ['asistente de escritura', 'generación de contenido', 'generación de texto'],
    phrases: [
      'escribir textos',
      'escribir con ia',
      'redactar textos',
      'redactar',
      'redacción',
      'redactor',
      'escribir artículos',
      'escribir un blog',
      'generar textos',
      'escritor',
    ],
  },
  {
    slug: 'transcribir-audio',
    label: 'Pasar audio a texto',
    home: 'audio',
    categories: [],
    keywords: ['transcripción', 'voz a texto'],
    phrases: [
      'pasar audio a texto',
      'audio a texto',
      'voz a texto',
      'transcribir audio',
      'transcribir',
      'transcripción',
      'transcripciones',
      'dictado',
      'dictar',
      'transcribir vídeos',
    ],
  },
  {
    slug: 'texto-a-voz',
    label: 'Convertir texto en voz',
    home: 'voz',
    categories: [],
    keywords: ['texto a voz', 'locución', 'lectura en voz alta'],
    phrases: [
      'texto a voz',
      'pasar texto a voz',
      'convertir texto en voz',
      'leer en voz alta',
      'voz en off',
      'locución',
      'locutor',
      'narrador',
      'voces con ia',
      'generar voz',
    ],
  },
  {
    slug: 'quitar-fondo',
    label: 'Quitar el fondo de una imagen',
    home: 'imagen',
    categories: [],
    keywords: ['eliminación de fondos'],
    phrases: [
      'quitar fondo',
      'quitar el fondo',
      'eliminar fondo',
      'eliminar el fondo',
      'borrar fondo',
      'borrar el fondo',
      'fondo transparente',
      'recortar fondo',
      'sin fondo',
    ],
  },
  {
    slug: 'crear-videos',
    label: 'Crear vídeos con IA',
    home: 'video',
    categories: [],
    keywords: ['generación de vídeo', 'texto a vídeo', 'imagen a vídeo', 'vídeo con IA'],
    phrases: ['crear vídeos', 'generar vídeos', 'hacer vídeos', 'generador de vídeos', 'texto a vídeo', 'imagen a vídeo', 'vídeos con ia', 'vídeo con ia'],
  },
  {
    slug: 'editar-videos',
    label: 'Editar vídeos',
    home: 'video',
    categories: [],
    keywords: ['edición de vídeo', 'recorte de vídeos', 'efectos de vídeo', 'mejora de vídeo', 'escalado de vídeo'],
    phrases: ['editar vídeos', 'editar vídeo', 'editor de vídeo', 'edición de vídeo', 'montar vídeos', 'montaje de vídeo', 'cortar vídeos'],
  },
  {
    slug: 'crear-musica',
    label: 'Crear música',
    home: 'musica',
    categories: ['musica'],
    keywords: ['generación de música', 'generación de canciones', 'composición musical', 'bandas sonoras'],
    phrases: [
      'hacer música',
      'crear música',
      'componer música',
      'generar música',
      'generador de música',
      'hacer canciones',
      'crear canciones',
      'componer canciones',
      'canciones',
      'música',
    ],
  },
  {
    slug: 'traducir',
    label: 'Traducir',
    home: 'traduccion',
    categories: ['traduccion'],
    keywords: ['traducción', 'traducción de documentos'],
    phrases: ['traducir', 'traductor', 'traducción', 'traducir textos', 'traducir documentos', 'traducir al inglés', 'traducir al español'],
  },
  {
    slug: 'corregir-textos',
    label: 'Corregir ortografía y gramática',
    home: 'escritura',
    categories: [],
    keywords: ['corrección gramatical', 'análisis de escritura', 'detección del tono'],
    phrases: [
      'corregir ortografía',
      'corregir la ortografía',
      'corrector ortográfico',
      'corregir gramática',
      'corrector',
      'corregir textos',
      'revisar textos',
      'faltas de ortografía',
      'ortografía',
      'gramática',
    ],
  },
  {
    slug: 'detectar-textos-ia',
    label: 'Detectar textos escritos por IA',
    home: 'deteccion-ia',
    categories: ['deteccion-ia'],
    keywords: ['detección de IA', 'detección de plagio'],
    phrases: [
      'detectar texto escrito por ia',
      'detectar textos de ia',
      'detector de ia',
      'detectar ia',
      'detectar chatgpt',
      'detector de plagio',
      'detectar plagio',
      'plagio',
    ],
  },
  {
    slug: 'investigar',
    label: 'Investigar en internet',
    home: 'investigacion',
    categories: ['investigacion'],
    keywords: ['búsqueda con IA', 'investigación en profundidad', 'búsqueda web', 'búsqueda en tiempo real', 'motor de respuestas', 'investigación'],
    phrases: [
      'investigar en internet',
      'investigar',
      'investigación',
      'buscar información',
      'buscador con ia',
      'buscador',
      'búsqueda en internet',
      'deep research',
    ],
  },
  {
    slug: 'automatizar-tareas',
    label: 'Automatizar tareas',
    home: 'automatizacion',
    categories: ['automatizacion'],
    keywords: ['automatización de flujos', 'integraciones'],
    phrases: [
      'automatizar tareas',
      'automatizar',
      'automatización',
      'automatizaciones',
      'flujos de trabajo',
      'workflows',
      'conectar aplicaciones',
      'integrar aplicaciones',
    ],
  },
  {
    slug: 'resumir-textos',
    label: 'Resumir textos',
    home: 'escritura',
    categories: [],
    keywords: ['resúmenes'],
    phrases: ['resumir', 'resumir textos', 'resumir documentos', 'resumir artículos', 'hacer resúmenes', 'resumen', 'resúmenes'],
  },
  {
    slug: 'chatear-con-pdf',
    label: 'Hablar con PDF y documentos',
    home: 'productividad',
    categories: [],
    keywords: ['chat con documentos', 'análisis de documentos'],
    phrases: ['chat con pdf', 'chatear con pdf', 'hablar con pdf', 'preguntar a un pdf', 'resumir pdf', 'leer pdf', 'analizar documentos', 'pdf'],
  },
  {
    slug: 'resumir-reuniones',
    label: 'Tomar notas de reuniones',
    home: 'productividad',
    categories: [],
    keywords: ['notas de reuniones', 'resúmenes de reuniones', 'búsqueda en conversaciones'],
    phrases: [
      'resumir reuniones',
      'notas de reuniones',
      'actas de reuniones',
      'transcripción de reuniones',
      'transcribir reuniones',
      'grabar reuniones',
      'reuniones',
    ],
  },
  {
    slug: 'clonar-voz',
    label: 'Clonar una voz',
    home: 'voz',
    categories: [],
    keywords: ['clonación de voz'],
    phrases: ['clonar voz', 'clonar mi voz', 'clonar una voz', 'clonación de voz', 'copiar una voz', 'voz clonada'],
  },
  {
    slug: 'crear-agentes',
    label: 'Crear agentes de IA',
    home: 'agentes',
    categories: ['agentes'],
    keywords: ['agentes de IA', 'tareas autónomas'],
    phrases: ['agentes de ia', 'agente de ia', 'crear agentes', 'agentes', 'agente autónomo', 'agentes autónomos'],
  },
  {
    slug: 'editar-fotos',
    label: 'Editar fotos',
    home: 'imagen',
    categories: [],
    keywords: ['edición de fotos', 'edición de imágenes', 'relleno generativo', 'edición mágica', 'reiluminación'],
    phrases: ['editar fotos', 'editar imágenes', 'editor de fotos', 'retocar fotos', 'retoque fotográfico', 'retocar', 'photoshop'],
  },
  {
    slug: 'mejorar-imagenes',
    label: 'Mejorar y ampliar imágenes',
    home: 'imagen',
    categories: [],
    keywords: ['escalado de imágenes', 'mejora de imágenes'],
    phrases: [
      'mejorar calidad de imagen',
      'mejorar imágenes',
      'mejorar fotos',
      'ampliar imágenes',
      'aumentar resolución',
      'escalar imágenes',
      'reescalar',
      'upscale',
      'más resolución',
    ],
  },
  {
    slug: 'restaurar-fotos',
    label: 'Restaurar fotos antiguas',
    home: 'imagen',
    categories: [],
    keywords: ['restauración de fotos'],
    phrases: ['restaurar fotos', 'fotos antiguas', 'fotos viejas', 'colorear fotos', 'reparar fotos', 'restauración de fotos'],
  },
  {
    slug: 'quitar-objetos',
    label: 'Borrar objetos y marcas de agua',
    home: 'imagen',
    categories: [],
    keywords: ['eliminación de objetos', 'quitar marcas de agua'],
    phrases: ['borrar objetos', 'quitar objetos', 'eliminar objetos', 'quitar marca de agua', 'quitar marcas de agua', 'borrar personas de una foto'],
  },
  {
    slug: 'fotos-de-perfil',
    label: 'Fotos de perfil profesionales',
    home: 'imagen',
    categories: [],
    keywords: ['fotos de perfil profesionales'],
    phrases: ['foto de perfil', 'fotos de perfil', 'fotos para linkedin', 'retrato profesional', 'headshots', 'foto profesional'],
  },
  {
    slug: 'crear-logos',
    label: 'Crear logotipos',
    home: 'diseno',
    categories: [],
    keywords: ['diseño de logotipos', 'diseño de iconos', 'recursos de marca'],
    phrases: ['crear logo', 'crear un logo', 'hacer un logo', 'diseñar logotipo', 'diseño de logos', 'logotipo', 'logotipos', 'logo', 'logos', 'iconos'],
  },
  {
    slug: 'diseno-grafico',
    label: 'Diseño gráfico',
    home: 'diseno',
    categories: ['diseno'],
    keywords: ['diseño gráfico', 'gráficos vectoriales', 'moodboards'],
    phrases: ['diseño gráfico', 'diseñar', 'diseñador', 'carteles', 'pósteres', 'flyers', 'folletos', 'banners', 'infografías'],
  },
  {
    slug: 'diseno-de-interiores',
    label: 'Diseño de interiores',
    home: 'diseno',
    categories: [],
    keywords: ['diseño de interiores'],
    phrases: ['diseño de interiores', 'decorar', 'decorar mi casa', 'decoración', 'redecorar', 'reformar casa', 'interiorismo'],
  },
  {
    slug: 'disenar-interfaces',
    label: 'Diseñar interfaces y prototipos',
    home: 'diseno',
    categories: [],
    keywords: ['diseño de UI', 'generación de UI', 'diseño de producto', 'componentes React'],
    phrases: ['diseñar interfaces', 'diseño de interfaces', 'diseño ui', 'ux', 'prototipos', 'maquetas', 'mockups', 'wireframes', 'figma'],
  },
  {
    slug: 'crear-paginas-web',
    label: 'Crear páginas web',
    home: 'desarrollo-web',
    categories: ['desarrollo-web'],
    keywords: ['creador de webs', 'sitios web', 'webs generadas con IA'],
    phrases: ['crear página web', 'crear una web', 'hacer una web', 'hacer página web', 'página web', 'páginas web', 'sitio web', 'landing page', 'wordpress'],
  },
  {
    slug: 'crear-apps',
    label: 'Crear aplicaciones sin programar',
    home: 'desarrollo-web',
    categories: [],
    keywords: ['creador de apps', 'apps full-stack', 'vibe coding'],
    phrases: ['crear aplicaciones', 'crear una app', 'hacer una app', 'crear apps', 'aplicaciones sin código', 'sin código', 'no code', 'vibe coding'],
  },
  {
    slug: 'revisar-codigo',
    label: 'Revisar y depurar código',
    home: 'codigo',
    categories: [],
    keywords: ['revisión de código', 'depuración', 'refactorización', 'pruebas de software'],
    phrases: [
      'revisar código',
      'revisión de código',
      'depurar código',
      'depurar',
      'encontrar errores',
      'corregir errores de código',
      'code review',
      'refactorizar',
    ],
  },
  {
    slug: 'analizar-datos',
    label: 'Analizar datos',
    home: 'datos-analisis',
    categories: ['datos-analisis'],
    keywords: ['análisis de datos', 'SQL', 'extracción de datos', 'flujos de datos'],
    phrases: ['analizar datos', 'análisis de datos', 'sql', 'consultas sql', 'gráficos', 'estadísticas', 'visualizar datos', 'dashboards'],
  },
  {
    slug: 'hojas-de-calculo',
    label: 'Hojas de cálculo y Excel',
    home: 'datos-analisis',
    categories: [],
    keywords: ['hojas de cálculo'],
    phrases: ['hojas de cálculo', 'hoja de cálculo', 'excel', 'fórmulas de excel', 'google sheets'],
  },
  {
    slug: 'crear-chatbots',
    label: 'Crear un chatbot para tu web',
    home: 'atencion-cliente',
    categories: [],
    keywords: ['creador de chatbots', 'bots personalizados', 'bots de mensajería', 'atención al cliente'],
    phrases: [
      'crear un chatbot',
      'crear chatbot',
      'chatbot para web',
      'chatbot para mi web',
      'bot de whatsapp',
      'bot para whatsapp',
      'bot de telegram',
      'asistente para mi web',
    ],
  },
  {
    slug: 'atencion-al-cliente',
    label: 'Atención al cliente',
    home: 'atencion-cliente',
    categories: ['atencion-cliente'],
    keywords: ['atención al cliente'],
    phrases: ['atención al cliente', 'servicio al cliente', 'soporte al cliente', 'responder a clientes', 'helpdesk'],
  },
  {
    slug: 'ia-en-local',
    label: 'Usar IA en tu ordenador',
    home: 'asistentes-chat',
    categories: [],
    keywords: ['LLM en local', 'ejecución de modelos', 'autoalojamiento', 'modelos abiertos', 'pesos abiertos'],
    phrases: ['ia en local', 'modelos en local', 'ejecutar modelos', 'llm local', 'sin conexión', 'offline', 'autoalojado', 'en mi ordenador'],
  },
  {
    slug: 'usar-modelos-por-api',
    label: 'Usar modelos de IA por API',
    home: 'codigo',
    categories: [],
    keywords: ['API', 'alojamiento de modelos', 'acceso multimodelo'],
    phrases: ['api', 'api de ia', 'apis de ia', 'modelos por api', 'integrar ia', 'inferencia'],
  },
  {
    slug: 'escribir-prompts',
    label: 'Escribir prompts',
    home: 'productividad',
    categories: [],
    keywords: ['ingeniería de prompts', 'prompts de imagen', 'pruebas de prompts'],
    phrases: ['escribir prompts', 'mejorar prompts', 'ingeniería de prompts', 'prompts', 'prompt'],
  },
  {
    slug: 'videos-cortos',
    label: 'Vídeos cortos para redes',
    home: 'video',
    categories: [],
    keywords: ['vídeos cortos', 'reutilización de contenido'],
    phrases: ['vídeos cortos', 'reels', 'tiktok', 'shorts', 'clips', 'vídeos para redes'],
  },
  {
    slug: 'subtitular-videos',
    label: 'Subtitular vídeos',
    home: 'video',
    categories: [],
    keywords: ['subtítulos automáticos', 'subtítulos'],
    phrases: ['subtítulos', 'subtitular', 'subtitular vídeos', 'poner subtítulos', 'añadir subtítulos', 'subtítulos automáticos'],
  },
  {
    slug: 'avatares-en-video',
    label: 'Vídeos con avatares',
    home: 'video',
    categories: [],
    keywords: ['generación de avatares', 'avatares parlantes', 'avatares con IA', 'humanos digitales'],
    phrases: ['avatares', 'avatar', 'avatar que habla', 'presentador virtual', 'vídeos con avatares', 'humano digital'],
  },
  {
    slug: 'doblar-videos',
    label: 'Doblar y traducir vídeos',
    home: 'video',
    categories: [],
    keywords: ['doblaje', 'traducción de vídeo', 'localización de vídeo', 'sincronización labial'],
    phrases: ['doblar vídeos', 'doblaje', 'doblar', 'traducir vídeos', 'traducir un vídeo', 'sincronización labial', 'lip sync'],
  },
  {
    slug: 'animar-imagenes',
    label: 'Animar fotos y dibujos',
    home: 'video',
    categories: [],
    keywords: ['animación', 'animación de fotos'],
    phrases: ['animar fotos', 'animar imágenes', 'animar dibujos', 'animación', 'animaciones', 'dibujos animados'],
  },
  {
    slug: 'mejorar-audio',
    label: 'Mejorar el audio',
    home: 'audio',
    categories: [],
    keywords: ['mejora de audio', 'reducción de ruido'],
    phrases: ['mejorar audio', 'mejorar el audio', 'quitar ruido', 'eliminar ruido', 'limpiar audio', 'reducir ruido', 'ruido de fondo'],
  },
  {
    slug: 'crear-podcasts',
    label: 'Crear podcasts',
    home: 'audio',
    categories: [],
    keywords: ['podcasts', 'edición de podcasts'],
    phrases: ['crear un podcast', 'hacer un podcast', 'crear podcasts', 'editar podcast', 'podcast', 'podcasts'],
  },
  {
    slug: 'cambiar-voz',
    label: 'Cambiar la voz',
    home: 'voz',
    categories: [],
    keywords: ['modificador de voz'],
    phrases: ['cambiar la voz', 'cambiar voz', 'cambiador de voz', 'modificador de voz', 'modulador de voz', 'distorsionar voz'],
  },
  {
    slug: 'efectos-de-sonido',
    label: 'Crear efectos de sonido',
    home: 'audio',
    categories: [],
    keywords: ['efectos de sonido'],
    phrases: ['efectos de sonido', 'efecto de sonido', 'sonidos', 'generar sonidos'],
  },
  {
    slug: 'tomar-notas',
    label: 'Tomar notas y organizar ideas',
    home: 'productividad',
    categories: [],
    keywords: ['toma de notas', 'notas de investigación', 'mapas mentales', 'base de conocimiento'],
    phrases: ['tomar notas', 'apuntes', 'notas', 'mapas mentales', 'mapa mental', 'organizar ideas', 'segundo cerebro'],
  },
  {
    slug: 'gestionar-tareas',
    label: 'Organizar tareas y proyectos',
    home: 'productividad',
    categories: [],
    keywords: ['gestión de tareas'],
    phrases: ['organizar tareas', 'gestionar tareas', 'gestión de tareas', 'lista de tareas', 'gestión de proyectos', 'gestionar proyectos', 'productividad'],
  },
  {
    slug: 'gestionar-agenda',
    label: 'Gestionar la agenda',
    home: 'productividad',
    categories: [],
    keywords: ['gestión de agenda'],
    phrases: ['gestionar agenda', 'agenda', 'calendario', 'programar citas', 'planificar el día', 'organizar mi tiempo'],
  },
  {
    slug: 'redactar-correos',
    label: 'Redactar correos',
    home: 'escritura',
    categories: [],
    keywords: ['asistente de correo'],
    phrases: [
      'redactar correos',
      'escribir correos',
      'responder correos',
      'escribir emails',
      'correos electrónicos',
      'correo electrónico',
      'emails',
      'email',
      'gmail',
    ],
  },
  {
    slug: 'textos-publicitarios',
    label: 'Escribir textos publicitarios',
    home: 'marketing',
    categories: [],
    keywords: ['redacción publicitaria', 'textos de marketing', 'creatividades publicitarias', 'voz de marca'],
    phrases: ['textos publicitarios', 'copywriting', 'copy', 'redacción publicitaria', 'anuncios', 'eslóganes', 'eslogan', 'descripciones de producto'],
  },
  {
    slug: 'marketing',
    label: 'Marketing',
    home: 'marketing',
    categories: ['marketing'],
    keywords: ['marketing', 'email marketing'],
    phrases: ['marketing', 'marketing digital', 'campañas de marketing', 'email marketing', 'publicidad'],
  },
  {
    slug: 'redes-sociales',
    label: 'Publicar en redes sociales',
    home: 'redes-sociales',
    categories: ['redes-sociales'],
    keywords: ['redes sociales'],
    phrases: ['redes sociales', 'publicaciones para redes', 'posts para redes', 'instagram', 'linkedin', 'community manager', 'programar publicaciones'],
  },
  {
    slug: 'posicionamiento-seo',
    label: 'Posicionamiento SEO',
    home: 'seo',
    categories: ['seo'],
    keywords: ['SEO', 'redacción SEO', 'investigación de palabras clave', 'optimización de contenido', 'visibilidad en buscadores IA'],
    phrases: ['seo', 'posicionamiento seo', 'posicionamiento web', 'posicionar en google', 'palabras clave', 'keywords'],
  },
  {
    slug: 'vender-online',
    label: 'Vender en internet',
    home: 'comercio-electronico',
    categories: ['comercio-electronico'],
    keywords: ['comercio electrónico', 'fotos de producto', 'seguimiento de precios'],
    phrases: ['vender online', 'vender por internet', 'tienda online', 'comercio electrónico', 'ecommerce', 'fotos de producto', 'shopify'],
  },
  {
    slug: 'conseguir-clientes',
    label: 'Conseguir clientes y vender',
    home: 'ventas',
    categories: ['ventas'],
    keywords: ['prospección comercial', 'procesos de ventas'],
    phrases: ['conseguir clientes', 'captar clientes', 'prospección', 'ventas', 'vender más', 'leads', 'crm'],
  },
  {
    slug: 'seleccion-de-personal',
    label: 'Selección de personal',
    home: 'recursos-humanos',
    categories: ['recursos-humanos'],
    keywords: ['selección de personal'],
    phrases: ['selección de personal', 'reclutamiento', 'reclutar', 'contratar personal', 'recursos humanos', 'rrhh'],
  },
  {
    slug: 'hacer-curriculum',
    label: 'Hacer el currículum',
    home: 'recursos-humanos',
    categories: [],
    keywords: ['redacción de currículums'],
    phrases: ['hacer currículum', 'hacer el currículum', 'crear currículum', 'currículum', 'curriculum vitae', 'cv', 'carta de presentación'],
  },
  {
    slug: 'preparar-entrevistas',
    label: 'Preparar entrevistas de trabajo',
    home: 'recursos-humanos',
    categories: [],
    keywords: ['preparación de entrevistas'],
    phrases: ['preparar entrevistas', 'preparar una entrevista', 'entrevista de trabajo', 'entrevistas de trabajo', 'simular entrevista'],
  },
  {
    slug: 'documentos-legales',
    label: 'Contratos y documentos legales',
    home: 'legal',
    categories: ['legal'],
    keywords: ['documentos legales', 'análisis de contratos', 'investigación jurídica'],
    phrases: ['documentos legales', 'revisar contratos', 'redactar contratos', 'contratos', 'abogado', 'asesoría legal', 'jurídico'],
  },
  {
    slug: 'finanzas',
    label: 'Finanzas y contabilidad',
    home: 'finanzas',
    categories: ['finanzas'],
    keywords: ['finanzas'],
    phrases: ['finanzas', 'finanzas personales', 'contabilidad', 'inversiones', 'invertir', 'facturas', 'presupuestos'],
  },
  {
    slug: 'estudiar',
    label: 'Estudiar y aprender',
    home: 'educacion',
    categories: ['educacion'],
    keywords: ['educación', 'tarjetas de estudio'],
    phrases: ['estudiar', 'aprender', 'educación', 'deberes', 'exámenes', 'tarjetas de estudio', 'flashcards', 'profesores', 'clases'],
  },
  {
    slug: 'articulos-cientificos',
    label: 'Leer artículos científicos',
    home: 'investigacion',
    categories: [],
    keywords: ['artículos científicos', 'revisión bibliográfica', 'evidencia científica', 'citas bibliográficas'],
    phrases: [
      'artículos científicos',
      'papers',
      'investigación académica',
      'revisión bibliográfica',
      'bibliografía',
      'tesis',
      'tfg',
      'trabajo de fin de grado',
    ],
  },
  {
    slug: 'aprender-idiomas',
    label: 'Aprender idiomas',
    home: 'educacion',
    categories: [],
    keywords: ['aprendizaje de idiomas'],
    phrases: ['aprender idiomas', 'aprender inglés', 'practicar inglés', 'practicar idiomas', 'idiomas'],
  },
  {
    slug: 'escribir-historias',
    label: 'Escribir novelas y relatos',
    home: 'escritura',
    categories: [],
    keywords: ['narración de historias'],
    phrases: [
      'escribir una novela',
      'escribir novelas',
      'escribir historias',
      'escribir cuentos',
      'escribir relatos',
      'novela',
      'novelas',
      'cuentos',
      'relatos',
    ],
  },
  {
    slug: 'humanizar-textos',
    label: 'Humanizar textos de IA',
    home: 'escritura',
    categories: [],
    keywords: ['humanizador de textos IA', 'parafraseo', 'reescritura'],
    phrases: ['humanizar textos', 'humanizar texto', 'humanizador', 'parafrasear', 'parafraseador', 'reescribir', 'reformular'],
  },
  {
    slug: 'crear-modelos-3d',
    label: 'Crear modelos 3D',
    home: '3d',
    categories: ['3d'],
    keywords: ['generación 3D', 'texto a 3D', 'imagen a 3D', 'texturizado', 'captura 3D'],
    phrases: ['modelos 3d', 'crear modelos 3d', 'crear 3d', 'texto a 3d', 'imagen a 3d', '3d'],
  },
  {
    slug: 'videojuegos',
    label: 'Videojuegos',
    home: 'juegos',
    categories: ['juegos'],
    keywords: ['videojuegos', 'recursos para videojuegos', 'juego de rol'],
    phrases: ['videojuegos', 'crear videojuegos', 'juegos', 'jugar', 'juegos de rol'],
  },
  {
    slug: 'personajes-virtuales',
    label: 'Hablar con personajes virtuales',
    home: 'estilo-de-vida',
    categories: [],
    keywords: ['compañeros virtuales', 'chat con personajes'],
    phrases: ['personajes virtuales', 'hablar con personajes', 'compañero virtual', 'amigo virtual', 'novia virtual', 'roleplay'],
  },
  {
    slug: 'planificar-viajes',
    label: 'Planificar viajes',
    home: 'estilo-de-vida',
    categories: [],
    keywords: ['planificación de viajes'],
    phrases: ['planificar viajes', 'planificar un viaje', 'organizar un viaje', 'viajes', 'viajar', 'itinerario', 'vacaciones'],
  },
  {
    slug: 'salud-y-bienestar',
    label: 'Salud, deporte y cocina',
    home: 'salud',
    categories: ['salud'],
    keywords: ['salud', 'fitness', 'recetas'],
    phrases: ['salud', 'bienestar', 'ejercicio', 'entrenamiento', 'rutinas de gimnasio', 'dieta', 'nutrición', 'recetas', 'cocinar'],
  },
  {
    slug: 'plan-de-negocio',
    label: 'Plan de negocio',
    home: 'negocios',
    categories: ['negocios'],
    keywords: ['planificación empresarial', 'análisis de mercado', 'creación de nombres'],
    phrases: ['plan de negocio', 'plan de empresa', 'emprender', 'estudio de mercado', 'nombre para empresa', 'nombres de marca', 'startup'],
  },
  {
    slug: 'moda',
    label: 'Moda y estilo',
    home: 'estilo-de-vida',
    categories: [],
    keywords: ['moda'],
    phrases: ['moda', 'ropa', 'probador virtual', 'outfits', 'estilismo'],
  },
];

/** Words that say nothing about the task: articles, prepositions, 'ia', 'herramienta', 'gratis', 'quiero'… */
const STOP_WORDS = new Set(
  (
    'a al algo alguna alguno como con cual de del el en es este esta gratis gratuita gratuitas gratuito gratuitos herramienta herramientas ' +
    'ia ias inteligencia artificial la las lo los mas me mejor mejores mi mis necesito online para por que quiero se sin sobre su sus te tu ' +
    'tus un una unas uno unos usar y o app apps aplicacion web ai'
  ).split(' '),
);
// 'sin' and 'web' carry meaning inside some phrases ('sin fondo', 'página web'); they are kept when a phrase needs them.
const MEANINGFUL_IN_PHRASES = new Set(['sin', 'web', 'app', 'apps', 'aplicacion']);

function words(text: string): string[] {
  return foldAccents(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** The words of a query or phrase that say what is wanted, folded (no accents, lower case), stop words removed. */
export function taskTerms(text: string, keep: ReadonlySet<string> = new Set()): string[] {
  return words(text).filter((word) => !STOP_WORDS.has(word) || keep.has(word));
}

const termKeys = new Map<string, string>();

/** A folded word's family: its stem when four letters or more stay, else the word itself. Stemmed twice, so a
 * plural and its singular meet ('videos' -> 'video' -> 'vide'). */
export function termKey(word: string): string {
  let key = termKeys.get(word);
  if (key === undefined) {
    const stem = roughStem(roughStem(word));
    key = stem.length >= 4 ? stem : word;
    // Tagging a catalogue folds the same words thousands of times; the cache stays as small as the language.
    if (termKeys.size < 50_000) termKeys.set(word, key);
  }
  return key;
}

/** Two words are one term when they are equal or share their stem ('presentacion' and 'presentaciones'). */
function sameTerm(a: string, b: string): boolean {
  return a === b || termKey(a) === termKey(b);
}

const phraseTermsCache = new Map<string, readonly string[]>();

/**
 * The terms of a vocabulary phrase: like a query's, but 'sin' or 'web' stay ('sin fondo', 'página web'). Folded
 * once per phrase: matching a query folded the whole vocabulary again, 5 ms of each keystroke on the search page.
 */
export function phraseTerms(phrase: string): readonly string[] {
  let terms = phraseTermsCache.get(phrase);
  if (!terms) {
    terms = taskTerms(phrase, MEANINGFUL_IN_PHRASES);
    phraseTermsCache.set(phrase, terms);
  }
  return terms;
}

export interface TaskMatch {
  task: Task;
  /** How many of the query's terms the task's phrases cover, together. */
  covered: number;
  /** Every significant term of the query is covered: the query is this task. */
  complete: boolean;
}

/** The query positions a phrase covers (none when one of its terms is missing), and whether in the query's order. */
function coverage(query: readonly string[], phrase: readonly string[]): { positions: number[]; inOrder: boolean } {
  const positions: number[] = [];
  for (const term of phrase) {
    const index = query.findIndex((word, position) => !positions.includes(position) && sameTerm(word, term));
    if (index < 0) return { positions: [], inOrder: false };
    positions.push(index);
  }
  return { positions, inOrder: positions.every((position, index) => index === 0 || position > positions[index - 1]!) };
}

/**
 * The tasks a query asks for: those whose phrases together cover the most query terms (so 'editar vídeos' is not
 * also 'crear vídeos', and 'crear un chatbot para mi web' is a chatbot more than a web); on a tie, the one with
 * the longest phrase matched in the query's order ('texto a voz' is not 'voz a texto'); then the vocabulary's order.
 */
export function matchTasks(query: string, tasks: readonly Task[] = TASKS): TaskMatch[] {
  const asked = taskTerms(query, MEANINGFUL_IN_PHRASES);
  if (asked.length === 0) return [];
  const significant = Math.max(taskTerms(query).length, 1);
  const scored: (TaskMatch & { strength: number })[] = [];
  for (const task of tasks) {
    const union = new Set<number>();
    let longest = 0;
    for (const phrase of task.phrases) {
      const found = coverage(asked, phraseTerms(phrase));
      for (const position of found.positions) union.add(position);
      longest = Math.max(longest, found.positions.length * 2 + Number(found.inOrder && found.positions.length > 0));
    }
    // Stop words kept inside phrases ('sin', 'web') count for coverage but not towards completeness.
    const covered = [...union].filter((position) => !STOP_WORDS.has(asked[position]!)).length;
    if (union.size > 0) scored.push({ task, covered, complete: covered >= significant, strength: union.size * 100 + longest });
  }
  const top = Math.max(0, ...scored.map((match) => match.strength));
  return scored.filter((match) => match.strength === top).map(({ task, covered, complete }) => ({ task, covered, complete }));
}

export interface CategoryName {
  slug: string;
  name: string;
}

/** The category a query names ('vídeo con ia', 'Presentaciones'), if its significant words are exactly one category's name. */
export function matchCategory<C extends CategoryName>(query: string, categories: readonly C[]): C | undefined {
  const asked = taskTerms(query);
  if (asked.length === 0) return undefined;
  return categories.find((category) => {
    const name = taskTerms(category.name, MEANINGFUL_IN_PHRASES).filter((word) => word !== 'y');
    return name.length === asked.length && name.every((term, index) => sameTerm(term, asked[index]!));
  });
}

/** Optimal string alignment distance, capped: how far a typed word is from a vocabulary word. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(before[j]! + 1, row[j - 1]! + 1, before[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    before = row;
  }
  return before[b.length]!;
}

/** A typed word is near a vocabulary word when one starts the other or they differ by a letter or two. */
function nearTerm(typed: string, known: string): boolean {
  if (typed.length < 3) return false;
  if (sameTerm(typed, known) || known.startsWith(typed) || (typed.length >= 5 && typed.startsWith(known))) return true;
  return typed.length >= 5 && distance(typed, known, 2) <= (typed.length >= 8 ? 2 : 1);
}

/**
 * Tasks close to a query that matched nothing ('trancribir', 'presentacion de diapositivas'): those sharing a
 * near word with one of their phrases, most shared first; the first tasks of the vocabulary when none is close.
 */
export function nearestTasks(query: string, limit = 6, tasks: readonly Task[] = TASKS): Task[] {
  const asked = taskTerms(query);
  const scored = tasks
    .map((task, order) => {
      const known = new Set([...task.phrases.flatMap(phraseTerms), ...taskTerms(task.label)]);
      const score = asked.filter((typed) => [...known].some((word) => nearTerm(typed, word))).length;
      return { task, score, order };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((entry) => entry.task);
  return (scored.length > 0 ? scored : tasks).slice(0, limit);
}

/** Categories whose name is close to a word of the query ('videos' -> Vídeo, 'traduccion' -> Traducción), in their order. */
export function nearestCategories<C extends CategoryName>(query: string, categories: readonly C[], limit = 4): C[] {
  const asked = taskTerms(query);
  return categories.filter((category) => taskTerms(category.name).some((known) => asked.some((typed) => nearTerm(typed, known)))).slice(0, limit);
}

/** A task's «IA para…» page. */
export function taskHref(slug: string): string {
  return `/ia-para/${slug}`;
}

/** The page title of a task: «IA para hacer presentaciones». */
export function taskTitle(task: Pick<Task, 'label'>): string {
  return `IA para ${task.label.charAt(0).toLowerCase()}${task.label.slice(1)}`;
}

export function findTask(slug: string, tasks: readonly Task[] = TASKS): Task | undefined {
  return tasks.find((task) => task.slug === slug);
}

/** Every task as a search suggestion (the header search box reads this list). */
export function taskSuggestions(tasks: readonly Task[] = TASKS): { slug: string; label: string; url: string }[] {
  return tasks.map((task) => ({ slug: task.slug, label: task.label, url: taskHref(task.slug) }));
}

/** Every task slug, for validating tags (zod enum in the forms and the server). */
export const TASK_SLUGS = TASKS.map((task) => task.slug) as [string, ...string[]];
