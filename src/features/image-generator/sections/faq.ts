/** The generator page's questions: rendered as <details> and as FAQPage JSON-LD from the same list. */
export const imageGeneratorFaq = [
  {
    question: '¿El generador de imágenes es gratis?',
    answer:
      'Sí. Generar imágenes no cuesta nada y no pide tarjeta. Para evitar abusos hay un límite de solicitudes seguidas: si lo alcanzas, espera unos minutos.',
  },
  {
    question: '¿Necesito una cuenta para usarlo?',
    answer:
      'No. Puedes generar, descargar y borrar imágenes sin registrarte; tu galería se guarda en este navegador. Con una cuenta gratuita además puedes guardar tus favoritas y verlas desde cualquier dispositivo.',
  },
  {
    question: '¿Cómo escribo una buena descripción?',
    answer:
      'Di qué aparece, dónde está y cómo se ve: sujeto, entorno, luz, estilo y colores. Por ejemplo: «un faro en un acantilado al atardecer, luz dorada, estilo acuarela». Hasta unos 800 caracteres suele ser suficiente.',
  },
  {
    question: '¿Qué diferencia hay entre Flux y Stable Diffusion?',
    answer:
      'Son dos modelos de generación distintos. Flux, el recomendado, suele seguir mejor descripciones largas y dar más detalle; Stable Diffusion da resultados con otro estilo. Prueba la misma descripción con los dos y quédate con la que prefieras.',
  },
  {
    question: '¿Qué tamaños puedo elegir?',
    answer:
      'Cuadrados (512×512, 1024×1024, 1536×1536), verticales para móviles e historias (como 1080×1920 o 1080×1350), horizontales para webs, vídeos y cabeceras (como 1920×1080, 1200×630 o 1500×500) y otros formatos habituales.',
  },
  {
    question: '¿Cuántas imágenes puedo generar a la vez?',
    answer: 'Entre 1 y 9 por solicitud. Cada imagen usa una semilla aleatoria distinta, así que obtienes variaciones de la misma idea.',
  },
  {
    question: '¿En qué formatos puedo descargarlas?',
    answer:
      'En PNG (sin pérdida), JPG o WebP. El nombre del archivo se forma con el principio de tu descripción y la fecha, para que lo encuentres fácilmente.',
  },
  {
    question: '¿Puedo usar las imágenes en mis proyectos?',
    answer:
      'Las imágenes se generan con modelos de terceros y cada uno tiene sus condiciones de uso. Antes de un uso comercial, revisa las condiciones del modelo y evita imitar marcas, personas reales u obras protegidas.',
  },
  {
    question: '¿Quién puede ver las imágenes que genero?',
    answer:
      'Tu galería solo te la mostramos a ti. Las imágenes se sirven desde una dirección difícil de adivinar, y cualquiera con quien compartas ese enlace podrá abrirla. Puedes eliminarlas cuando quieras.',
  },
  {
    question: '¿Por qué ha fallado la generación?',
    answer:
      'El servicio de IA puede estar saturado o rechazar una descripción por su política de contenido. El mensaje de error te dice cuál fue el motivo; normalmente basta con esperar un poco o cambiar la descripción.',
  },
] as const;
