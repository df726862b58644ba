/**
 * The introductions of the «IA para…» pages (/ia-para/{slug}), written by us in Spanish: what to look for in a
 * tool for the task, where the free options are and what to check when you work in Spanish. General advice only:
 * nothing here claims a fact about a specific tool (those come from each tool's own record).
 * Not imported by browser code: the search page ships the vocabulary, not these texts.
 */
export const TASK_INTROS: Readonly<Record<string, readonly string[]>> = {
  'hacer-presentaciones': [
    'Las herramientas de presentaciones con IA convierten un tema, un esquema o un documento en diapositivas con estructura, textos e imágenes. Fíjate en si dejan exportar a PowerPoint o PDF, si respetan tu plantilla corporativa y cuánto puedes editar después: un buen primer borrador ahorra horas, pero casi siempre hay que retocarlo.',
    'La mayoría ofrece un plan gratuito con créditos o marca de agua. Si presentas en español, prueba a pedir el contenido directamente en español y revisa la ortografía de los títulos: algunas generan mejor en inglés.',
  ],
  'crear-imagenes': [
    'Los generadores de imágenes crean ilustraciones, fotografías realistas o arte a partir de una descripción escrita (un «prompt»). Compara la calidad del detalle, si escriben bien el texto dentro de la imagen, los estilos disponibles y, sobre todo, las condiciones de uso comercial de lo que generas.',
    'Casi todos tienen una prueba gratuita o créditos diarios, y hay modelos de código abierto que puedes ejecutar en tu ordenador. Entienden indicaciones en español, aunque con descripciones largas y precisas suelen dar resultados más fieles.',
  ],
  programar: [
    'Los asistentes de programación completan código mientras escribes, explican fragmentos, proponen cambios en varios archivos o ejecutan tareas enteras como agentes. Mira con qué editores y lenguajes funcionan, si pueden leer tu proyecto completo y qué hacen con tu código (privacidad y uso para entrenamiento).',
    'Muchos tienen un nivel gratuito limitado y hay alternativas de código abierto que se conectan a modelos locales. Puedes pedirles las cosas en español; los nombres de variables y la documentación técnica seguirán mezclando inglés.',
  ],
  'alternativas-a-chatgpt': [
    'Los asistentes conversacionales responden preguntas, redactan, resumen, traducen y ayudan a razonar. Al elegir uno, compara la calidad de sus respuestas en tus temas, si buscan en internet y citan fuentes, cuánto texto aceptan de una vez, si leen archivos e imágenes y cómo tratan tus datos.',
    'Casi todos tienen un plan gratuito con límites de uso; los de pago dan acceso a los modelos más capaces. Los grandes asistentes conversan bien en español, pero conviene verificar datos concretos: todos pueden equivocarse con seguridad.',
  ],
  'escribir-textos': [
    'Los asistentes de escritura ayudan a redactar artículos, publicaciones, descripciones o borradores a partir de unas ideas, y a cambiar el tono o la longitud de un texto. Valora si mantienen un estilo coherente, si permiten definir la voz de tu marca y si se integran donde ya escribes (navegador, procesador de textos).',
    'Suelen ofrecer un número de palabras gratis al mes. En español la calidad varía más que en inglés: revisa concordancias, anglicismos y expresiones poco naturales antes de publicar.',
  ],
  'transcribir-audio': [
    'Las herramientas de transcripción convierten grabaciones, entrevistas, clases o vídeos en texto. Lo importante es la precisión con tu tipo de audio (varias voces, ruido, acentos), si distinguen quién habla, si añaden marcas de tiempo y en qué formatos exportan (texto, subtítulos).',
    'Hay modelos de reconocimiento de voz de código abierto que puedes usar gratis en tu ordenador, y muchos servicios dan minutos gratuitos al mes. Comprueba que el español esté entre los idiomas admitidos y prueba con un fragmento real antes de transcribir horas.',
  ],
  'texto-a-voz': [
    'Los generadores de voz leen en voz alta un texto con voces sintéticas cada vez más naturales: sirven para locuciones, vídeos, audiolibros o accesibilidad. Compara la naturalidad, el control de entonación y pausas, los formatos de descarga y la licencia de uso comercial del audio.',
    'Es habitual un plan gratuito con pocos minutos o caracteres al mes. Escucha voces en español de España si tu público está aquí: muchas voces «en español» tienen acento latinoamericano o pronuncian mal nombres propios.',
  ],
  'quitar-fondo': [
    'Estas herramientas detectan el sujeto de una foto y eliminan el fondo en segundos, para fotos de producto, retratos o montajes. Fíjate en cómo resuelven el pelo y los bordes difíciles, la resolución máxima de descarga, si trabajan por lotes y si ofrecen una API.',
    'Muchas permiten quitar el fondo gratis en baja resolución o con un número limitado de imágenes. El idioma importa poco aquí: lo que cuenta es probar con tus propias fotos.',
  ],
  'crear-videos': [
    'Los generadores de vídeo crean clips a partir de una descripción o animan una imagen fija. Compara la duración máxima, la coherencia del movimiento, la resolución, el control de cámara y las condiciones de uso comercial; el resultado suele necesitar varios intentos.',
    'Los planes gratuitos dan pocos créditos y a veces marca de agua, porque generar vídeo es caro. Las indicaciones en español suelen funcionar, aunque conviene describir la escena con detalle.',
  ],
  'editar-videos': [
    'Los editores de vídeo con IA automatizan lo tedioso: cortar silencios, reencuadrar para móvil, añadir subtítulos, mejorar el audio o editar a partir de la transcripción. Valora si trabajan en el navegador o en el escritorio, la exportación sin marca de agua y cuánto control manual te dejan.',
    'Varios tienen versiones gratuitas completas para uso personal. Si vas a subtitular o transcribir, comprueba la calidad del reconocimiento en español.',
  ],
  'crear-musica': [
    'Los generadores de música componen canciones, bases instrumentales o bandas sonoras a partir de un estilo, un ambiente o una letra. Antes de usarlas en un proyecto, lee con atención la licencia: qué derechos tienes sobre lo generado y si el plan gratuito permite uso comercial.',
    'La mayoría da algunas creaciones gratis al día o al mes. Si quieres voz cantada en español, prueba primero: la pronunciación y la métrica de las letras en español varían mucho entre herramientas.',
  ],
  traducir: [
    'Los traductores con IA traducen textos y documentos completos conservando el formato, y algunos permiten elegir el registro (formal o informal) o un glosario. Para textos profesionales compara la naturalidad del resultado, la privacidad de tus documentos y los formatos que aceptan.',
    'Suele haber un uso gratuito con límite de caracteres o de documentos. Con el español como idioma de origen o destino los buenos traductores funcionan muy bien, pero una revisión humana sigue siendo imprescindible en contratos, textos legales o publicaciones.',
  ],
  'corregir-textos': [
    'Los correctores con IA detectan faltas de ortografía, errores gramaticales, puntuación y frases confusas, y proponen cómo mejorarlas. Comprueba que corrijan de verdad en español (no todos lo hacen con la misma calidad), si funcionan en tu navegador o procesador de textos y si explican cada corrección.',
    'La corrección básica suele ser gratuita; las sugerencias de estilo o reescritura suelen estar en los planes de pago. Ojo con las tildes diacríticas y las normas más recientes: ningún corrector sustituye una última lectura.',
  ],
  'detectar-textos-ia': [
    'Los detectores estiman la probabilidad de que un texto haya sido escrito con IA, y algunos también buscan plagio. Úsalos como una señal más, nunca como prueba: se equivocan, sobre todo con textos cortos, traducidos o escritos por personas que no escriben en su lengua materna.',
    'Muchos permiten analizar gratis un número limitado de palabras. Comprueba que admitan el español; algunos están entrenados sobre todo con textos en inglés y fallan más en otros idiomas.',
  ],
  investigar: [
    'Los buscadores con IA responden preguntas con un resumen y enlazan las fuentes que han consultado; algunos hacen investigaciones largas que recorren decenas de páginas. Valora sobre todo que citen fuentes comprobables y actuales, y abre siempre las más importantes.',
    'Casi todos tienen un uso gratuito diario, con más búsquedas avanzadas en los planes de pago. Puedes preguntar en español, aunque en temas técnicos encontrarán más fuentes en inglés.',
  ],
  'automatizar-tareas': [
    'Las plataformas de automatización conectan tus aplicaciones para que una acción dispare otras (un formulario que crea una tarea y envía un correo), y cada vez más incluyen pasos con IA o agentes. Compara el número de integraciones, cómo se cobran las ejecuciones y si puedes alojarlas tú.',
    'Hay planes gratuitos con pocas ejecuciones al mes y opciones de código abierto que puedes instalar en tu servidor. La interfaz de algunas está en inglés, pero los textos que procesan pueden estar en español.',
  ],
  'resumir-textos': [
    'Los resumidores condensan artículos, informes, libros o páginas web en los puntos clave. Fíjate en la longitud máxima que aceptan, si permiten elegir el nivel de detalle y si indican de qué parte del original sale cada idea, para poder comprobarla.',
    'Es fácil encontrar resúmenes gratuitos de textos cortos. Funcionan bien en español, pero revisa que no omitan matices importantes ni añadan conclusiones que el texto no dice.',
  ],
  'chatear-con-pdf': [
    'Estas herramientas te dejan subir un PDF u otros documentos y hacerles preguntas: resumen, localizan datos y citan la página de donde sale cada respuesta. Comprueba el tamaño máximo de archivo, si leen tablas e imágenes escaneadas y qué hacen con tus documentos.',
    'Suelen permitir algunos documentos gratis al día. Con documentos en español funcionan bien; si el PDF es una imagen escaneada, hace falta reconocimiento de texto (OCR) previo.',
  ],
  'resumir-reuniones': [
    'Los asistentes de reuniones graban o escuchan tus videollamadas, las transcriben y entregan un resumen con decisiones y tareas. Mira con qué plataformas funcionan (Zoom, Google Meet, Teams), cómo avisan a los asistentes de que se graba y dónde guardan la información.',
    'Suelen dar un número de minutos o reuniones gratis al mes. Comprueba la calidad en español y con varios acentos, y recuerda pedir consentimiento antes de grabar.',
  ],
  'clonar-voz': [
    'La clonación de voz crea una voz sintética parecida a la tuya a partir de unas muestras, para narraciones, doblajes o contenidos en varios idiomas. Elige servicios que exijan verificar que la voz es tuya o que tienes permiso: clonar la voz de otra persona sin consentimiento es ilegítimo y puede ser delito.',
    'La clonación de calidad suele estar en planes de pago, aunque algunas herramientas dejan probarla. Escucha el resultado en español de España antes de decidir.',
  ],
  'crear-agentes': [
    'Los agentes de IA encadenan pasos por su cuenta: buscan, usan herramientas, escriben código o rellenan formularios hasta completar un objetivo. Algunos son productos listos para usar y otros, marcos de programación para construir los tuyos; valora cuánto control y supervisión te permiten.',
    'Los marcos de código abierto son gratuitos (pagas el modelo que uses) y los agentes comerciales suelen cobrar por tareas o créditos. Dales instrucciones en español sin problema, pero revisa lo que hacen antes de darles acceso a cuentas o pagos.',
  ],
  'editar-fotos': [
    'Los editores de fotos con IA retocan, cambian la luz, amplían el encuadre, sustituyen objetos o aplican estilos con una instrucción. Compara la calidad en la resolución que necesitas, si trabajan de forma no destructiva y si se integran con tu editor habitual.',
    'Muchas funciones básicas son gratuitas con límites diarios. Las instrucciones en español se entienden bien en los editores que aceptan texto.',
  ],
  'mejorar-imagenes': [
    'Los escaladores aumentan la resolución de una imagen y recuperan nitidez, útiles para imprimir fotos pequeñas o mejorar imágenes generadas. Fíjate en el factor máximo de ampliación, si inventan detalles (lo que puede cambiar caras o textos) y en el tamaño máximo del archivo.',
    'Hay opciones gratuitas con marca de agua o límite de tamaño y modelos de código abierto para el ordenador. El idioma no influye: prueba con tus propias imágenes.',
  ],
  'restaurar-fotos': [
    'La restauración con IA repara fotos antiguas: elimina arañazos y manchas, enfoca caras y, en algunos casos, les da color. Ten en cuenta que la IA reconstruye detalles que no estaban, así que el resultado puede no ser fiel; guarda siempre el original.',
    'Varias herramientas permiten restaurar algunas fotos gratis. Para fotos familiares delicadas, compara dos o tres resultados antes de quedarte con uno.',
  ],
  'quitar-objetos': [
    'Estas herramientas borran personas, objetos o textos de una foto y rellenan el hueco de forma creíble. Compara cómo resuelven fondos complejos y la resolución de descarga. Quitar marcas de agua de imágenes ajenas puede vulnerar derechos de autor: úsalas con tus propias fotos o con permiso.',
    'Es habitual poder hacer algunas ediciones gratis en resolución reducida.',
  ],
  'fotos-de-perfil': [
    'Los generadores de fotos de perfil crean retratos de aspecto profesional a partir de varias fotos tuyas, para LinkedIn, el currículum o la web de tu empresa. Lee qué hacen con tus fotos (si las borran y si las usan para entrenar) y revisa que el resultado se parezca de verdad a ti.',
    'Suelen cobrar por paquete de retratos; algunas ofrecen una muestra gratuita.',
  ],
  'crear-logos': [
    'Los generadores de logotipos proponen símbolos, tipografías y paletas a partir del nombre y el sector de tu marca. Comprueba que puedas descargar el logo en vector (SVG) y en alta resolución, y que las condiciones te permitan registrarlo y usarlo comercialmente.',
    'Suele ser gratis generar y ver propuestas, y de pago descargar los archivos finales. Si el logo incluye texto en español, revisa tildes y eñes.',
  ],
  'diseno-grafico': [
    'Las herramientas de diseño con IA crean carteles, publicaciones, folletos o gráficos a partir de plantillas y una descripción, y ayudan a adaptar un diseño a varios formatos. Valora la variedad de plantillas, si puedes cargar tu identidad de marca y los formatos de exportación.',
    'Muchas tienen un plan gratuito generoso para uso personal. Revisa los textos que la IA coloca en el diseño: en español aún se cuelan errores.',
  ],
  'diseno-de-interiores': [
    'Estas herramientas transforman la foto de una habitación con otro estilo de decoración, otros muebles o colores, para inspirarte antes de una reforma o presentar un inmueble. Son propuestas visuales, no planos: las medidas y la viabilidad técnica hay que comprobarlas aparte.',
    'Suelen dejar probar algunos diseños gratis.',
  ],
  'disenar-interfaces': [
    'Estas herramientas generan pantallas, prototipos o componentes de interfaz a partir de una descripción o un boceto, y algunas producen código listo para usar. Fíjate en si exportan a tu herramienta de diseño o a código editable y en si respetan un sistema de diseño.',
    'Hay niveles gratuitos con pocas generaciones. Los textos de la interfaz pueden pedirse en español directamente.',
  ],
  'crear-paginas-web': [
    'Los creadores de webs con IA montan una página completa (textos, imágenes y estructura) a partir de una descripción de tu negocio, y te dejan editarla después. Valora si puedes usar tu dominio, el alojamiento, la optimización para buscadores y si puedes llevarte la web a otro sitio.',
    'Muchos permiten crear y publicar gratis en un subdominio suyo; el dominio propio suele ser de pago. Pide los textos en español y revísalos: son un punto de partida.',
  ],
  'crear-apps': [
    'Estas herramientas crean aplicaciones web o móviles a partir de una conversación, sin que tengas que programar (el llamado «vibe coding»). Sirven para prototipos y herramientas internas; para un producto serio, comprueba si puedes exportar el código, dónde se alojan los datos y cómo se gestionan usuarios y pagos.',
    'Suelen dar algunos créditos gratuitos al día. Puedes describir la app en español; la interfaz resultante también puede estar en español si lo pides.',
  ],
  'revisar-codigo': [
    'Los revisores con IA comentan tus cambios de código, detectan errores probables, problemas de seguridad o estilo, y proponen pruebas o refactorizaciones. Mira si se integran con tu plataforma de repositorios y cuánto ruido generan: una buena herramienta comenta poco y bien.',
    'Muchas son gratuitas para proyectos de código abierto. Pueden escribir los comentarios en español si se configura, aunque la terminología seguirá en inglés.',
  ],
  'analizar-datos': [
    'Las herramientas de análisis con IA responden preguntas sobre tus datos en lenguaje natural, escriben consultas SQL, crean gráficos y detectan tendencias. Comprueba con qué fuentes se conectan, si puedes ver la consulta o el código que generan para verificarlo y cómo protegen datos sensibles.',
    'Suelen tener planes gratuitos con límite de archivos o consultas. Preguntar en español funciona; revisa siempre las cifras clave.',
  ],
  'hojas-de-calculo': [
    'Estas herramientas escriben fórmulas a partir de una explicación, limpian datos, explican fórmulas heredadas o generan tablas en Excel y Google Sheets. Fíjate en si funcionan dentro de tu hoja de cálculo o aparte, y prueba las fórmulas con casos conocidos antes de confiar en ellas.',
    'Hay opciones gratuitas con límite de peticiones. Ojo: en Excel en español los nombres de las funciones y el separador de argumentos (punto y coma) cambian; pide las fórmulas para tu configuración.',
  ],
  'crear-chatbots': [
    'Estas plataformas crean un chatbot para tu web, WhatsApp u otros canales entrenado con tu información (preguntas frecuentes, documentos, catálogo). Valora cómo evitan respuestas inventadas, si pasan la conversación a una persona cuando hace falta y qué datos de tus clientes guardan.',
    'Casi todas tienen una prueba o plan gratuito con pocos mensajes. Comprueba que el bot conteste con naturalidad en español y que puedas revisar sus conversaciones.',
  ],
  'atencion-al-cliente': [
    'Las herramientas de atención al cliente con IA responden consultas frecuentes, clasifican tickets, sugieren respuestas a los agentes y resumen conversaciones. Busca integración con tu sistema de soporte, traspaso a una persona y métricas para saber qué resuelve bien y qué no.',
    'Suelen cobrarse por agente o por conversación resuelta, con pruebas gratuitas. Exige que funcionen bien en español, el idioma de tus clientes.',
  ],
  'ia-en-local': [
    'Ejecutar modelos de IA en tu propio ordenador da privacidad total y uso sin conexión. Necesitas memoria suficiente (los modelos grandes piden mucha RAM o una buena tarjeta gráfica); las herramientas de esta lista facilitan descargar modelos abiertos y conversar con ellos.',
    'Las aplicaciones y los modelos abiertos suelen ser gratuitos. Varios modelos abiertos conversan correctamente en español, aunque los pequeños cometen más errores que los grandes servicios en la nube.',
  ],
  'usar-modelos-por-api': [
    'Estas plataformas dan acceso a modelos de IA (texto, imagen, voz) desde tu código mediante una API, para integrarlos en tus productos. Compara precios por uso, latencia, límites, disponibilidad de modelos abiertos y dónde se procesan los datos.',
    'Muchas regalan créditos iniciales para probar. La calidad en español depende del modelo que elijas, no de la plataforma.',
  ],
  'escribir-prompts': [
    'Estas herramientas ayudan a escribir, probar y mejorar instrucciones para modelos de IA, o a gestionarlas en equipo y medir sus resultados. Útiles si repites tareas con IA o construyes productos con modelos.',
    'Hay opciones gratuitas y de código abierto. Un buen prompt en español funciona bien en los modelos grandes; sé concreto sobre formato, tono y público.',
  ],
  'videos-cortos': [
    'Estas herramientas convierten vídeos largos en clips verticales para TikTok, Reels o Shorts: eligen los momentos más interesantes, reencuadran y añaden subtítulos. Revisa siempre los cortes propuestos y si puedes editar los subtítulos.',
    'Suelen dar algunos minutos de procesamiento gratis al mes, a veces con marca de agua. Comprueba la calidad de los subtítulos automáticos en español.',
  ],
  'subtitular-videos': [
    'Los subtituladores automáticos transcriben el audio de tus vídeos y generan subtítulos sincronizados, con estilos para redes o archivos SRT para plataformas. Valora la precisión, la facilidad para corregir y si traducen a otros idiomas.',
    'Es habitual un uso gratuito limitado. En español la precisión suele ser buena con audio limpio; revisa nombres propios y términos técnicos.',
  ],
  'avatares-en-video': [
    'Estas herramientas generan vídeos con un presentador virtual que lee tu guion, útiles para formación, comunicación interna o marketing. Compara la naturalidad del avatar y de la sincronización labial, si puedes crear un avatar propio y las condiciones de uso de la imagen.',
    'Suele haber una prueba gratuita con pocos minutos. Escucha las voces en español y comprueba la pronunciación antes de producir en serie.',
  ],
  'doblar-videos': [
    'El doblaje con IA traduce la voz de un vídeo a otros idiomas, a menudo conservando el timbre de quien habla y ajustando el movimiento de los labios. Útil para llegar a más público; revisa la traducción y pide permiso a las personas que aparecen.',
    'Suele estar en planes de pago, con minutos de prueba. Si doblas al español, elige acento de España o neutro según tu público.',
  ],
  'animar-imagenes': [
    'Estas herramientas dan movimiento a fotos, dibujos o personajes: caras que hablan, ilustraciones animadas o pequeños clips. Fíjate en la duración y la resolución, y usa solo imágenes de personas que lo hayan permitido.',
    'Varias permiten algunas animaciones gratis.',
  ],
  'mejorar-audio': [
    'Las herramientas de mejora de audio eliminan ruido de fondo, eco y reverberación, o igualan el volumen de grabaciones de voz para que suenen como en un estudio. Prueba con tu propio audio: algunas exageran el efecto y dejan la voz artificial.',
    'Hay opciones gratuitas con límite de duración. Funcionan igual con cualquier idioma.',
  ],
  'crear-podcasts': [
    'Para hacer un pódcast, la IA ayuda a grabar a distancia, editar a partir de la transcripción, limpiar el audio, crear clips y escribir notas del episodio. Valora la calidad de grabación, la edición por texto y la exportación a tus plataformas.',
    'Varias herramientas tienen planes gratuitos con horas limitadas. Comprueba la transcripción en español si vas a editar por texto.',
  ],
  'cambiar-voz': [
    'Los cambiadores de voz transforman tu voz en tiempo real o en grabaciones, para juegos, directos, contenidos o anonimato. Comprueba la latencia si lo usas en directo y con qué programas funciona. No suplantes a personas reales.',
    'Suele haber versiones gratuitas con pocas voces.',
  ],
  'efectos-de-sonido': [
    'Estas herramientas generan efectos de sonido a partir de una descripción («pasos sobre grava», «puerta que chirría») para vídeos, juegos o pódcast. Revisa la calidad, la duración y la licencia de uso.',
    'Es habitual poder generar algunos efectos gratis. Puedes describirlos en español, aunque en algunas herramientas funcionan mejor las descripciones en inglés.',
  ],
  'tomar-notas': [
    'Las aplicaciones de notas con IA organizan apuntes, los resumen, los enlazan entre sí y responden preguntas sobre lo que has guardado. Valora la sincronización entre dispositivos, la exportación de tus notas y dónde se guardan.',
    'Casi todas tienen un plan gratuito; las funciones de IA suelen ser de pago o limitadas. Trabajan bien con notas en español.',
  ],
  'gestionar-tareas': [
    'Los gestores de tareas y proyectos con IA priorizan pendientes, dividen proyectos en pasos, resumen el avance del equipo y redactan actualizaciones. Fíjate en las integraciones con tu calendario y tus herramientas de trabajo.',
    'Suelen ser gratuitos para uso individual o equipos pequeños.',
  ],
  'gestionar-agenda': [
    'Estas herramientas organizan tu calendario: buscan huecos para reuniones, protegen tiempo de concentración y reprograman cuando algo cambia. Comprueba la compatibilidad con tu calendario (Google, Outlook) y los permisos que pide.',
    'Muchas tienen un plan gratuito básico.',
  ],
  'redactar-correos': [
    'Los asistentes de correo redactan respuestas, resumen hilos largos, priorizan la bandeja de entrada o escriben campañas. Lee qué acceso piden a tu cuenta y si guardan tus correos; para el trabajo, consulta la política de tu empresa.',
    'Suelen tener un uso gratuito limitado. Revisa el tono y el tratamiento (tú o usted) de los correos en español antes de enviarlos.',
  ],
  'textos-publicitarios': [
    'Estas herramientas escriben anuncios, eslóganes, descripciones de producto y textos para campañas, con variantes para probar cuál funciona mejor. Valora si aprenden la voz de tu marca y si generan textos para los formatos de cada plataforma.',
    'Es habitual una prueba o un número de palabras gratis. En español, revisa que el texto suene natural y no a traducción.',
  ],
  marketing: [
    'Las herramientas de marketing con IA ayudan a planificar campañas, crear contenidos, segmentar audiencias, analizar resultados o automatizar el email marketing. Elige según la parte del trabajo que más tiempo te quite y comprueba las integraciones con tus canales.',
    'Muchas tienen planes gratuitos o pruebas. Verifica la calidad de los textos en español si van a llegar a tus clientes.',
  ],
  'redes-sociales': [
    'Estas herramientas crean publicaciones, adaptan contenidos a cada red, proponen ideas y programan la publicación. Fíjate en qué redes conectan, si generan también imágenes o vídeos y si permiten aprobar antes de publicar.',
    'Suelen ofrecer un plan gratuito con pocas cuentas o publicaciones. Revisa hashtags y expresiones en español antes de publicar.',
  ],
  'posicionamiento-seo': [
    'Las herramientas de SEO con IA investigan palabras clave, analizan a la competencia, optimizan contenidos y auditan tu web para posicionarte en buscadores. Comprueba que tengan datos de búsqueda de España o del mercado hispanohablante, no solo de Estados Unidos.',
    'Suelen tener pruebas gratuitas o funciones limitadas. El contenido optimizado debe seguir escribiéndose para personas: los buscadores penalizan el texto de relleno.',
  ],
  'vender-online': [
    'Para vender en internet, la IA ayuda con fotos de producto, descripciones, precios, atención al cliente y anuncios. Fíjate en las integraciones con tu plataforma de tienda y en el coste por producto o por imagen.',
    'Muchas tienen pruebas gratuitas. Las descripciones en español deben revisarse, sobre todo las medidas, materiales y condiciones.',
  ],
  'conseguir-clientes': [
    'Estas herramientas buscan clientes potenciales, redactan mensajes de prospección personalizados, puntúan oportunidades o automatizan el seguimiento comercial. Respeta la normativa de protección de datos (RGPD) al contactar con personas que no te conocen.',
    'Suelen ser de pago con pruebas gratuitas. Comprueba que los mensajes en español no suenen automáticos.',
  ],
  'seleccion-de-personal': [
    'Las herramientas de selección con IA redactan ofertas, filtran currículos, programan entrevistas o evalúan habilidades. Úsalas con cuidado: los sistemas automáticos pueden reproducir sesgos, y la normativa europea exige supervisión humana en decisiones que afectan a las personas.',
    'Suelen cobrarse por empresa o por proceso, con pruebas gratuitas. Comprueba que analicen bien currículos en español.',
  ],
  'hacer-curriculum': [
    'Estas herramientas ayudan a redactar y maquetar el currículum, adaptarlo a cada oferta y escribir cartas de presentación. Revisa que no inventen experiencia ni exageren logros, y que el diseño sea legible para los filtros automáticos de las empresas.',
    'Muchas permiten crear un currículum gratis y cobran por plantillas o descargas. Asegúrate de que el resultado esté en un español correcto y con el formato habitual en España.',
  ],
  'preparar-entrevistas': [
    'Estas herramientas simulan entrevistas de trabajo, proponen preguntas habituales para tu puesto y te dan comentarios sobre tus respuestas. Son un buen entrenamiento, no una garantía: la entrevista real depende de la empresa y de la conversación.',
    'Suele haber algunas sesiones gratuitas. Comprueba que puedas practicar en español si la entrevista será en español.',
  ],
  'documentos-legales': [
    'Las herramientas legales con IA revisan contratos, localizan cláusulas, resumen documentos y ayudan a buscar normativa o jurisprudencia. No sustituyen el consejo de un profesional: comprueba siempre que la legislación aplicada sea la española y la vigente.',
    'Muchas están pensadas para despachos y son de pago. Con documentos en español, verifica términos jurídicos concretos.',
  ],
  finanzas: [
    'Las herramientas de finanzas con IA analizan empresas y mercados, ordenan gastos, ayudan con la contabilidad o responden preguntas sobre datos financieros. No son asesoramiento financiero: contrasta la información y ten en cuenta la fiscalidad española.',
    'Hay opciones gratuitas para consultas básicas.',
  ],
  estudiar: [
    'Las herramientas educativas con IA explican conceptos, crean tarjetas de repaso y cuestionarios, resumen apuntes o ayudan a preparar clases. Úsalas para entender y practicar, no para que hagan el trabajo por ti, y contrasta los datos con tus materiales.',
    'Muchas son gratuitas o tienen planes para estudiantes. Comprueba que trabajen en español y con el temario que necesitas.',
  ],
  'articulos-cientificos': [
    'Estas herramientas buscan artículos científicos, resumen sus conclusiones, extraen datos y ayudan con las citas, útiles para trabajos de fin de grado, tesis o revisiones bibliográficas. Comprueba siempre que las referencias existan y digan lo que la herramienta afirma.',
    'Suelen tener un uso gratuito limitado. La mayor parte de la literatura científica está en inglés, pero puedes preguntar en español.',
  ],
  'aprender-idiomas': [
    'Las herramientas para aprender idiomas con IA te dejan conversar, corrigen tu pronunciación y tus errores y adaptan los ejercicios a tu nivel. Fíjate en si explican las correcciones en español y en si el idioma que quieres aprender está bien cubierto.',
    'Muchas tienen versión gratuita con límites diarios.',
  ],
  'escribir-historias': [
    'Las herramientas de escritura creativa ayudan a desarrollar tramas, personajes y mundos, a superar el bloqueo o a escribir borradores de novelas y relatos. Valora si mantienen la coherencia en textos largos y si te dejan el control del estilo.',
    'Suele haber palabras o historias gratis al mes. La prosa en español de estas herramientas necesita revisión: busca repeticiones, clichés y calcos del inglés.',
  ],
  'humanizar-textos': [
    'Estas herramientas parafrasean y reescriben textos para que suenen más naturales, cambien de tono o eviten repeticiones. Úsalas para mejorar tu propio texto; presentar como propio un trabajo ajeno sigue siendo plagio aunque se reescriba.',
    'La reescritura básica suele ser gratuita con límite de palabras. En español, revisa que el sentido no cambie.',
  ],
  'crear-modelos-3d': [
    'Los generadores 3D crean modelos a partir de un texto o una imagen, con texturas, para videojuegos, impresión 3D o visualización. Comprueba los formatos de exportación, la calidad de la malla y si el modelo necesita retoque en tu programa de 3D.',
    'Suelen dar algunos créditos gratuitos.',
  ],
  videojuegos: [
    'La IA en videojuegos sirve para jugar a aventuras generadas sobre la marcha, crear personajes que conversan o producir recursos gráficos para tu propio juego. Fíjate en las licencias de los recursos si vas a publicar el juego.',
    'Hay muchas opciones gratuitas para jugar; en español la calidad de las conversaciones varía.',
  ],
  'personajes-virtuales': [
    'Estas aplicaciones permiten conversar con personajes virtuales, de figuras de ficción a compañeros creados por ti. Son entretenimiento: revisa la edad mínima, qué hacen con tus conversaciones y no compartas datos personales.',
    'Suelen ser gratuitas con funciones extra de pago. Muchas conversan en español.',
  ],
  'planificar-viajes': [
    'Los planificadores de viajes con IA proponen itinerarios por días, ideas de visitas y presupuestos a partir de tus gustos. Comprueba horarios, precios y reservas en las fuentes oficiales: la IA puede proponer lugares cerrados o datos desactualizados.',
    'Casi todos son gratuitos.',
  ],
  'salud-y-bienestar': [
    'Estas herramientas ayudan con rutinas de ejercicio, recetas, hábitos o información general de salud. No sustituyen a un profesional sanitario: ante síntomas o dudas médicas, consulta a tu médico.',
    'Muchas son gratuitas. Comprueba que las recetas y medidas se adapten a lo habitual en España.',
  ],
  'plan-de-negocio': [
    'Estas herramientas ayudan a emprender: generan nombres de marca, estudian el mercado, redactan planes de negocio o preparan presentaciones para inversores. Son un punto de partida: valida los datos de mercado y comprueba que el nombre esté libre en el registro de marcas.',
    'Suelen tener versiones gratuitas.',
  ],
  moda: [
    'Las herramientas de moda con IA proponen conjuntos, prueban prendas de forma virtual o generan imágenes de producto para tiendas. Fíjate en la calidad de las imágenes y en qué hacen con tus fotos.',
    'Varias permiten probar gratis.',
  ],
};
