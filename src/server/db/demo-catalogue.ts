/**
 * The demo data, as plain data: categories, courses, people, reviews and the demo videos.
 * `seed.ts` turns it into rows; `bench/lib/bulk-data.ts` borrows the category tree and its topics to
 * generate believable benchmark courses. Nothing here touches the database.
 */
import type { CourseLanguage, CourseLevel } from '../../shared/limits';

// ---------------------------------------------------------------------------
// Demo videos (files in assets/demo-videos, copied to DATA_DIR/videos/demo/)
// ---------------------------------------------------------------------------

export type DemoVideo = {
  fileName: string;
  storageKey: string;
  width: number;
  height: number;
  durationSeconds: number;
  sizeBytes: number;
};

/** Measured with ffprobe from the committed files; `seed.test.ts` checks the sizes still match. */
export const demoVideos = {
  introLandscape: {
    fileName: 'intro-landscape.mp4',
    storageKey: 'demo/intro-landscape.mp4',
    width: 640,
    height: 360,
    durationSeconds: 15,
    sizeBytes: 407_694,
  },
  introPortrait: {
    fileName: 'intro-portrait.mp4',
    storageKey: 'demo/intro-portrait.mp4',
    width: 360,
    height: 640,
    durationSeconds: 15,
    sizeBytes: 405_169,
  },
  mainLandscape: {
    fileName: 'main-landscape.mp4',
    storageKey: 'demo/main-landscape.mp4',
    width: 640,
    height: 360,
    durationSeconds: 40,
    sizeBytes: 1_098_193,
  },
} as const satisfies Record<string, DemoVideo>;

// ---------------------------------------------------------------------------
// Covers (static SVG files in public/covers/)
// ---------------------------------------------------------------------------

export const coverUrls = {
  programming: '/covers/programming.svg',
  web: '/covers/web.svg',
  data: '/covers/data.svg',
  design: '/covers/design.svg',
  business: '/covers/business.svg',
  marketing: '/covers/marketing.svg',
  languages: '/covers/languages.svg',
  music: '/covers/music.svg',
  photography: '/covers/photography.svg',
  personalGrowth: '/covers/personal-growth.svg',
} as const;

/** What the web app shows for a course whose `image_url` is empty. */
export const defaultCoverUrl = '/covers/default.svg';

export type CoverName = keyof typeof coverUrls;

// ---------------------------------------------------------------------------
// Categories. `topics` are the subjects the benchmark generator builds titles from.
// ---------------------------------------------------------------------------

export type DemoSubcategory = {
  name: string;
  /** Overrides the category's cover for courses in this subcategory. */
  cover?: CoverName;
  topics: { spanish: string[]; english: string[] };
};

export type DemoCategory = { name: string; cover: CoverName; subcategories: DemoSubcategory[] };

export const demoCategories: DemoCategory[] = [
  {
    name: 'Programación',
    cover: 'programming',
    subcategories: [
      {
        name: 'Python',
        topics: { spanish: ['Python', 'Django', 'FastAPI', 'automatización con Python'], english: ['Python', 'Django', 'FastAPI', 'Python automation'] },
      },
      {
        name: 'JavaScript',
        topics: { spanish: ['JavaScript', 'TypeScript', 'Node.js', 'programación asíncrona'], english: ['JavaScript', 'TypeScript', 'Node.js', 'async programming'] },
      },
      {
        name: 'Desarrollo web',
        cover: 'web',
        topics: { spanish: ['React', 'HTML y CSS', 'desarrollo web', 'APIs REST'], english: ['React', 'HTML and CSS', 'web development', 'REST APIs'] },
      },
      {
        name: 'Bases de datos',
        topics: { spanish: ['SQL', 'PostgreSQL', 'modelado de datos', 'MongoDB'], english: ['SQL', 'PostgreSQL', 'data modelling', 'MongoDB'] },
      },
    ],
  },
  {
    name: 'Ciencia de datos',
    cover: 'data',
    subcategories: [
      {
        name: 'Análisis de datos',
        topics: { spanish: ['análisis de datos', 'pandas', 'Excel avanzado', 'estadística'], english: ['data analysis', 'pandas', 'advanced Excel', 'statistics'] },
      },
      {
        name: 'Machine Learning',
        topics: { spanish: ['machine learning', 'redes neuronales', 'inteligencia artificial', 'scikit-learn'], english: ['machine learning', 'neural networks', 'artificial intelligence', 'scikit-learn'] },
      },
      {
        name: 'Visualización',
        topics: { spanish: ['visualización de datos', 'Power BI', 'Tableau', 'dashboards'], english: ['data visualisation', 'Power BI', 'Tableau', 'dashboards'] },
      },
    ],
  },
  {
    name: 'Diseño',
    cover: 'design',
    subcategories: [
      {
        name: 'Diseño gráfico',
        topics: { spanish: ['diseño gráfico', 'tipografía', 'branding', 'Photoshop'], english: ['graphic design', 'typography', 'branding', 'Photoshop'] },
      },
      {
        name: 'Diseño UX/UI',
        topics: { spanish: ['diseño UX/UI', 'Figma', 'prototipado', 'investigación de usuarios'], english: ['UX/UI design', 'Figma', 'prototyping', 'user research'] },
      },
      {
        name: 'Ilustración',
        topics: { spanish: ['ilustración digital', 'dibujo a lápiz', 'acuarela', 'Procreate'], english: ['digital illustration', 'pencil drawing', 'watercolour', 'Procreate'] },
      },
    ],
  },
  {
    name: 'Negocios',
    cover: 'business',
    subcategories: [
      {
        name: 'Emprendimiento',
        topics: { spanish: ['emprendimiento', 'modelo de negocio', 'startups', 'ventas'], english: ['entrepreneurship', 'business models', 'startups', 'sales'] },
      },
      {
        name: 'Finanzas',
        topics: { spanish: ['finanzas personales', 'contabilidad', 'inversión en bolsa', 'criptomonedas'], english: ['personal finance', 'accounting', 'stock investing', 'cryptocurrencies'] },
      },
      {
        name: 'Gestión de proyectos',
        topics: { spanish: ['gestión de proyectos', 'Scrum', 'liderazgo', 'metodologías ágiles'], english: ['project management', 'Scrum', 'leadership', 'agile methods'] },
      },
    ],
  },
  {
    name: 'Marketing',
    cover: 'marketing',
    subcategories: [
      {
        name: 'Marketing digital',
        topics: { spanish: ['marketing digital', 'email marketing', 'publicidad online', 'embudos de venta'], english: ['digital marketing', 'email marketing', 'online advertising', 'sales funnels'] },
      },
      {
        name: 'Redes sociales',
        topics: { spanish: ['redes sociales', 'Instagram', 'TikTok', 'creación de contenido'], english: ['social media', 'Instagram', 'TikTok', 'content creation'] },
      },
      {
        name: 'SEO',
        topics: { spanish: ['SEO', 'posicionamiento web', 'Google Analytics', 'copywriting'], english: ['SEO', 'search rankings', 'Google Analytics', 'copywriting'] },
      },
    ],
  },
  {
    name: 'Idiomas',
    cover: 'languages',
    subcategories: [
      {
        name: 'Inglés',
        topics: { spanish: ['inglés', 'inglés de negocios', 'pronunciación en inglés', 'gramática inglesa'], english: ['English', 'business English', 'English pronunciation', 'English grammar'] },
      },
      {
        name: 'Español',
        topics: { spanish: ['español para extranjeros', 'gramática española', 'conversación en español'], english: ['Spanish', 'Spanish grammar', 'Spanish conversation'] },
      },
      {
        name: 'Francés',
        topics: { spanish: ['francés', 'francés para viajar', 'conversación en francés'], english: ['French', 'French for travel', 'French conversation'] },
      },
    ],
  },
  {
    name: 'Música',
    cover: 'music',
    subcategories: [
      {
        name: 'Guitarra',
        topics: { spanish: ['guitarra', 'guitarra eléctrica', 'guitarra flamenca', 'acordes'], english: ['guitar', 'electric guitar', 'fingerstyle guitar', 'chords'] },
      },
      {
        name: 'Piano',
        topics: { spanish: ['piano', 'teclado', 'lectura de partituras', 'armonía'], english: ['piano', 'keyboard', 'sight reading', 'harmony'] },
      },
      {
        name: 'Producción musical',
        topics: { spanish: ['producción musical', 'Ableton Live', 'mezcla y masterización', 'beats'], english: ['music production', 'Ableton Live', 'mixing and mastering', 'beat making'] },
      },
    ],
  },
  {
    name: 'Fotografía',
    cover: 'photography',
    subcategories: [
      {
        name: 'Fotografía digital',
        topics: { spanish: ['fotografía digital', 'fotografía de retrato', 'fotografía de paisaje', 'composición'], english: ['digital photography', 'portrait photography', 'landscape photography', 'composition'] },
      },
      {
        name: 'Edición de fotos',
        topics: { spanish: ['Lightroom', 'edición de fotos', 'retoque fotográfico', 'color'], english: ['Lightroom', 'photo editing', 'photo retouching', 'colour grading'] },
      },
      {
        name: 'Vídeo',
        topics: { spanish: ['edición de vídeo', 'DaVinci Resolve', 'vídeo con el móvil', 'YouTube'], english: ['video editing', 'DaVinci Resolve', 'smartphone video', 'YouTube'] },
      },
    ],
  },
  {
    name: 'Desarrollo personal',
    cover: 'personalGrowth',
    subcategories: [
      {
        name: 'Productividad',
        topics: { spanish: ['productividad', 'gestión del tiempo', 'hábitos', 'Notion'], english: ['productivity', 'time management', 'habits', 'Notion'] },
      },
      {
        name: 'Oratoria',
        topics: { spanish: ['oratoria', 'hablar en público', 'comunicación', 'storytelling'], english: ['public speaking', 'presentations', 'communication', 'storytelling'] },
      },
      {
        name: 'Bienestar',
        topics: { spanish: ['meditación', 'mindfulness', 'yoga', 'nutrición'], english: ['meditation', 'mindfulness', 'yoga', 'nutrition'] },
      },
    ],
  },
];

// ---------------------------------------------------------------------------
// People. Every demo user can sign in with e-mail and password.
// ---------------------------------------------------------------------------

export type DemoRole = 'admin' | 'teacher' | 'buyer' | 'student';

export type DemoPerson = {
  key: string;
  role: DemoRole;
  name: string;
  email: string;
  /** Meets the product's rule: 8 to 12 characters, an uppercase letter and a digit. */
  password: string;
  isAdmin?: boolean;
  /** Shows up under the admin's "Inactivo" filter. */
  disabled?: boolean;
  /** A teacher's line on their public profile. */
  bio?: string;
};

export const demoPeople = [
  { key: 'admin', role: 'admin', name: 'Admin Demo', email: 'admin@demo.test', password: 'Admin12345', isAdmin: true },
  { key: 'teacher', role: 'teacher', name: 'Laura Martínez', email: 'teacher@demo.test', password: 'Teacher123', bio: 'Desarrolladora de software desde hace quince años y profesora de programación. Enseño Python, JavaScript y datos con proyectos pequeños que funcionan desde la primera clase.' },
  { key: 'buyer', role: 'buyer', name: 'Diego Fernández', email: 'buyer@demo.test', password: 'Buyer12345' },
  { key: 'carlos', role: 'teacher', name: 'Carlos Ruiz', email: 'carlos@demo.test', password: 'Student123', bio: 'Ingeniero de bases de datos. Diseño APIs y esquemas para equipos que crecen.' },
  { key: 'emily', role: 'teacher', name: 'Emily Johnson', email: 'emily@demo.test', password: 'Student123', bio: 'Front-end engineer and data storyteller. I teach React and dashboards the way teams use them at work.' },
  { key: 'sofia', role: 'student', name: 'Sofía López', email: 'sofia@demo.test', password: 'Student123' },
  { key: 'mateo', role: 'student', name: 'Mateo Gómez', email: 'mateo@demo.test', password: 'Student123' },
  { key: 'james', role: 'student', name: 'James Smith', email: 'james@demo.test', password: 'Student123' },
  { key: 'lucia', role: 'student', name: 'Lucía Torres', email: 'lucia@demo.test', password: 'Student123' },
  { key: 'pablo', role: 'student', name: 'Pablo Núñez', email: 'pablo@demo.test', password: 'Student123', disabled: true },
] as const satisfies readonly DemoPerson[];

export type DemoPersonKey = (typeof demoPeople)[number]['key'];

/** People who leave reviews on other people's courses (besides the buyer, whose purchases are fixed). */
export const demoReviewerKeys: DemoPersonKey[] = ['sofia', 'mateo', 'james', 'lucia', 'carlos', 'emily'];

// ---------------------------------------------------------------------------
// Courses. Listed newest first; `key` lets the purchases below refer to them.
// ---------------------------------------------------------------------------

export type DemoCourse = {
  key: string;
  title: string;
  description: string;
  category: string;
  subcategory: string;
  language: CourseLanguage;
  level: CourseLevel;
  durationHours: number;
  priceCents: number;
  teacherName: string;
  owner: DemoPersonKey;
  /** Without it the course uses its subcategory's or category's cover. */
  imageUrl?: string | null;
  /** "What you'll learn" and the requirements on the course page; most demo courses leave them empty, as teachers may. */
  learningOutcomes?: string[];
  requirements?: string[];
  /** Intro in portrait, to exercise the portrait player size. */
  portraitIntro?: boolean;
  /** Left without reviews, so the "Sin reseña" state has something to show. */
  noReviews?: boolean;
  /** Disabled by an admin; shows under the "Inactivo" filter. */
  disabled?: boolean;
};

export const demoCourses: DemoCourse[] = [
  { key: 'python-cero', title: 'Programación en Python desde cero', description: 'Aprende a programar con Python paso a paso: variables, funciones, listas y tus primeros proyectos.', category: 'Programación', subcategory: 'Python', language: 'spanish', level: 'easy', durationHours: 12, priceCents: 1999, teacherName: 'Laura Martínez', owner: 'teacher', learningOutcomes: ['Escribir programas en Python con variables, condiciones y bucles', 'Organizar el código en funciones y módulos', 'Trabajar con listas, diccionarios y archivos', 'Construir tres proyectos pequeños de principio a fin'], requirements: ['Un ordenador con Windows, macOS o Linux', 'Ninguna experiencia previa en programación'] },
  { key: 'python-datos', title: 'Python para ciencia de datos', description: 'Usa pandas, NumPy y Matplotlib para limpiar, analizar y visualizar datos reales.', category: 'Ciencia de datos', subcategory: 'Análisis de datos', language: 'spanish', level: 'medium', durationHours: 18, priceCents: 3499, teacherName: 'Laura Martínez', owner: 'teacher', learningOutcomes: ['Limpiar y transformar datos reales con pandas', 'Calcular estadísticas con NumPy', 'Dibujar gráficos claros con Matplotlib'], requirements: ['Saber lo básico de Python: variables, listas y funciones'] },
  { key: 'js-moderno', title: 'JavaScript moderno: ES2024 y más allá', description: 'Domina las novedades de JavaScript: módulos, async/await, clases y el ecosistema actual.', category: 'Programación', subcategory: 'JavaScript', language: 'spanish', level: 'medium', durationHours: 15, priceCents: 2999, teacherName: 'Laura Martínez', owner: 'teacher', portraitIntro: true },
  { key: 'ux-ui', title: 'Diseño UX/UI con Figma', description: 'Diseña interfaces usables: investigación, wireframes, prototipos interactivos y sistemas de diseño.', category: 'Diseño', subcategory: 'Diseño UX/UI', language: 'spanish', level: 'easy', durationHours: 10, priceCents: 2499, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'python-intro-free', title: 'Introducción a Python: tu primer programa', description: 'Un curso gratuito y breve para instalar Python y escribir tu primer programa en una tarde.', category: 'Programación', subcategory: 'Python', language: 'spanish', level: 'easy', durationHours: 2, priceCents: 0, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'react-complete', title: 'React: The Complete Guide', description: 'Build fast single-page apps with React 19, hooks, routing and data fetching.', category: 'Programación', subcategory: 'Desarrollo web', language: 'english', level: 'medium', durationHours: 24, priceCents: 4999, teacherName: 'Emily Johnson', owner: 'emily', learningOutcomes: ['Build single-page apps with React 19 and hooks', 'Route between pages and fetch data the modern way', 'Test components and ship them to production'], requirements: ['JavaScript basics: functions, arrays and modules', 'Node.js installed on your computer'] },
  { key: 'python-beginners', title: 'Python for Absolute Beginners', description: 'Start coding with Python from scratch. No experience needed, just curiosity.', category: 'Programación', subcategory: 'Python', language: 'english', level: 'easy', durationHours: 8, priceCents: 0, teacherName: 'Laura Martínez', owner: 'teacher', portraitIntro: true },
  { key: 'sql-postgres', title: 'SQL y PostgreSQL para desarrolladores', description: 'Consultas, índices, transacciones y modelado de datos con PostgreSQL en casos prácticos.', category: 'Programación', subcategory: 'Bases de datos', language: 'spanish', level: 'medium', durationHours: 14, priceCents: 2799, teacherName: 'Carlos Ruiz', owner: 'carlos', learningOutcomes: ['Escribir consultas SQL con joins, agrupaciones y subconsultas', 'Elegir índices leyendo los planes de consulta', 'Modelar datos y usar transacciones con seguridad'], requirements: ['Saber usar la terminal'] },
  { key: 'typescript', title: 'TypeScript in Practice', description: 'Type-safe JavaScript for real projects: generics, narrowing and strict mode.', category: 'Programación', subcategory: 'JavaScript', language: 'english', level: 'advanced', durationHours: 11, priceCents: 3999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'html-css', title: 'HTML y CSS: maquetación web responsive', description: 'Construye páginas accesibles y adaptables con Flexbox, Grid y buenas prácticas de diseño.', category: 'Programación', subcategory: 'Desarrollo web', language: 'spanish', level: 'easy', durationHours: 9, priceCents: 1499, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'node-apis', title: 'APIs REST con Node.js y Fastify', description: 'Crea APIs rápidas y seguras con validación, autenticación y pruebas automatizadas.', category: 'Programación', subcategory: 'JavaScript', language: 'spanish', level: 'advanced', durationHours: 16, priceCents: 3999, teacherName: 'Carlos Ruiz', owner: 'carlos' },
  { key: 'ml-intro', title: 'Machine Learning: fundamentos prácticos', description: 'Regresión, clasificación y evaluación de modelos con scikit-learn, sin fórmulas innecesarias.', category: 'Ciencia de datos', subcategory: 'Machine Learning', language: 'spanish', level: 'advanced', durationHours: 20, priceCents: 5999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'data-viz', title: 'Data Visualization with Power BI', description: 'Turn spreadsheets into clear dashboards that tell a story your team understands.', category: 'Ciencia de datos', subcategory: 'Visualización', language: 'english', level: 'medium', durationHours: 7, priceCents: 2299, teacherName: 'Emily Johnson', owner: 'emily' },
  { key: 'estadistica', title: 'Estadística básica para análisis de datos', description: 'Media, varianza, correlación y pruebas de hipótesis explicadas con ejemplos cotidianos.', category: 'Ciencia de datos', subcategory: 'Análisis de datos', language: 'spanish', level: 'easy', durationHours: 6, priceCents: 0, teacherName: 'Laura Martínez', owner: 'teacher', noReviews: true },
  { key: 'diseno-grafico', title: 'Diseño gráfico: fundamentos y composición', description: 'Color, tipografía, retícula y jerarquía visual para piezas que comunican.', category: 'Diseño', subcategory: 'Diseño gráfico', language: 'spanish', level: 'easy', durationHours: 8, priceCents: 1999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'logo-design', title: 'Logo Design and Branding Masterclass', description: 'Create memorable logos and complete brand identities, from sketch to delivery.', category: 'Diseño', subcategory: 'Diseño gráfico', language: 'english', level: 'medium', durationHours: 9, priceCents: 2999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'ilustracion', title: 'Ilustración digital con Procreate', description: 'Dibuja en el iPad: pinceles, capas, color y un portafolio de ilustraciones propias.', category: 'Diseño', subcategory: 'Ilustración', language: 'spanish', level: 'easy', durationHours: 7, priceCents: 1799, teacherName: 'Laura Martínez', owner: 'teacher', portraitIntro: true },
  { key: 'ux-research', title: 'UX Research: Interviews and Usability Tests', description: 'Plan and run user interviews and usability tests, then turn findings into design decisions.', category: 'Diseño', subcategory: 'Diseño UX/UI', language: 'english', level: 'advanced', durationHours: 6, priceCents: 3499, teacherName: 'Emily Johnson', owner: 'emily', noReviews: true },
  { key: 'emprender', title: 'Emprendimiento: de la idea al negocio', description: 'Valida tu idea, define tu modelo de negocio y consigue tus primeros clientes.', category: 'Negocios', subcategory: 'Emprendimiento', language: 'spanish', level: 'easy', durationHours: 5, priceCents: 1299, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'finanzas-personales', title: 'Finanzas personales: ahorra e invierte', description: 'Presupuesto, fondo de emergencia, deudas e inversión a largo plazo explicados con calma.', category: 'Negocios', subcategory: 'Finanzas', language: 'spanish', level: 'easy', durationHours: 4, priceCents: 0, teacherName: 'Carlos Ruiz', owner: 'carlos' },
  { key: 'scrum', title: 'Agile Project Management with Scrum', description: 'Sprints, backlogs and retrospectives: run projects that deliver value every two weeks.', category: 'Negocios', subcategory: 'Gestión de proyectos', language: 'english', level: 'medium', durationHours: 6, priceCents: 2499, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'contabilidad', title: 'Contabilidad para pequeñas empresas', description: 'Facturas, impuestos, balance y flujo de caja para autónomos y pymes.', category: 'Negocios', subcategory: 'Finanzas', language: 'spanish', level: 'medium', durationHours: 10, priceCents: 3299, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'liderazgo', title: 'Liderazgo y gestión de equipos', description: 'Comunicación, feedback y delegación para liderar equipos motivados.', category: 'Negocios', subcategory: 'Gestión de proyectos', language: 'spanish', level: 'advanced', durationHours: 6, priceCents: 4499, teacherName: 'Laura Martínez', owner: 'teacher', disabled: true },
  { key: 'marketing-digital', title: 'Marketing digital desde cero', description: 'Estrategia, embudos, email y publicidad online para hacer crecer cualquier negocio.', category: 'Marketing', subcategory: 'Marketing digital', language: 'spanish', level: 'easy', durationHours: 11, priceCents: 2499, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'instagram', title: 'Instagram y TikTok para marcas', description: 'Crea contenido que conecta, planifica publicaciones y mide resultados en redes sociales.', category: 'Marketing', subcategory: 'Redes sociales', language: 'spanish', level: 'easy', durationHours: 5, priceCents: 1499, teacherName: 'Laura Martínez', owner: 'teacher', portraitIntro: true },
  { key: 'seo', title: 'SEO: posicionamiento web en Google', description: 'Investigación de palabras clave, SEO técnico y contenidos que escalan en los buscadores.', category: 'Marketing', subcategory: 'SEO', language: 'spanish', level: 'medium', durationHours: 8, priceCents: 2999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'email-marketing', title: 'Email Marketing That Converts', description: 'Grow a list, write emails people open and automate campaigns that sell.', category: 'Marketing', subcategory: 'Marketing digital', language: 'english', level: 'medium', durationHours: 4, priceCents: 1999, teacherName: 'Emily Johnson', owner: 'emily' },
  { key: 'copywriting', title: 'Copywriting for the Web', description: 'Write headlines, landing pages and calls to action that turn visitors into customers.', category: 'Marketing', subcategory: 'SEO', language: 'english', level: 'easy', durationHours: 3, priceCents: 0, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'ingles-principiantes', title: 'Inglés para principiantes: nivel A1', description: 'Vocabulario, gramática y pronunciación básica para empezar a hablar inglés con confianza.', category: 'Idiomas', subcategory: 'Inglés', language: 'spanish', level: 'easy', durationHours: 20, priceCents: 0, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'business-english', title: 'Business English: Meetings and Emails', description: 'Sound professional in meetings, calls and emails with practical phrases and role plays.', category: 'Idiomas', subcategory: 'Inglés', language: 'english', level: 'medium', durationHours: 10, priceCents: 2499, teacherName: 'Emily Johnson', owner: 'emily' },
  { key: 'spanish-beginners', title: 'Spanish for Beginners', description: 'Learn everyday Spanish: greetings, ordering food, directions and small talk.', category: 'Idiomas', subcategory: 'Español', language: 'english', level: 'easy', durationHours: 12, priceCents: 1999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'frances-viajar', title: 'Francés para viajar', description: 'Frases útiles, pronunciación y cultura para desenvolverte en tu viaje a Francia.', category: 'Idiomas', subcategory: 'Francés', language: 'spanish', level: 'easy', durationHours: 6, priceCents: 1299, teacherName: 'Laura Martínez', owner: 'teacher', noReviews: true },
  { key: 'guitarra', title: 'Guitarra acústica desde cero', description: 'Acordes, ritmos y canciones populares para tocar la guitarra en pocas semanas.', category: 'Música', subcategory: 'Guitarra', language: 'spanish', level: 'easy', durationHours: 9, priceCents: 1999, teacherName: 'Laura Martínez', owner: 'teacher', portraitIntro: true },
  { key: 'piano', title: 'Piano for Beginners: Read and Play', description: 'Read sheet music and play your first pieces with both hands.', category: 'Música', subcategory: 'Piano', language: 'english', level: 'easy', durationHours: 10, priceCents: 2799, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'produccion-musical', title: 'Producción musical con Ableton Live', description: 'Compón, graba, mezcla y masteriza tus propias canciones en el ordenador.', category: 'Música', subcategory: 'Producción musical', language: 'spanish', level: 'advanced', durationHours: 15, priceCents: 4999, teacherName: 'Carlos Ruiz', owner: 'carlos' },
  { key: 'armonia', title: 'Armonía moderna y teoría musical', description: 'Escalas, acordes y progresiones para entender y crear la música que te gusta.', category: 'Música', subcategory: 'Piano', language: 'spanish', level: 'medium', durationHours: 7, priceCents: 0, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'fotografia-digital', title: 'Fotografía digital: domina tu cámara', description: 'Exposición, enfoque y composición para dejar el modo automático para siempre.', category: 'Fotografía', subcategory: 'Fotografía digital', language: 'spanish', level: 'easy', durationHours: 8, priceCents: 2499, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'lightroom', title: 'Lightroom: edición de fotos profesional', description: 'Revela, corrige el color y organiza tu archivo fotográfico como un profesional.', category: 'Fotografía', subcategory: 'Edición de fotos', language: 'spanish', level: 'medium', durationHours: 6, priceCents: 2999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'portrait', title: 'Portrait Photography with Natural Light', description: 'Pose, light and direct people to take portraits that feel natural.', category: 'Fotografía', subcategory: 'Fotografía digital', language: 'english', level: 'medium', durationHours: 5, priceCents: 3999, teacherName: 'Emily Johnson', owner: 'emily', portraitIntro: true },
  { key: 'video-movil', title: 'Edición de vídeo con el móvil', description: 'Graba y edita vídeos para redes sociales solo con tu teléfono.', category: 'Fotografía', subcategory: 'Vídeo', language: 'spanish', level: 'easy', durationHours: 3, priceCents: 999, teacherName: 'Laura Martínez', owner: 'teacher', imageUrl: null },
  { key: 'productividad', title: 'Productividad personal y gestión del tiempo', description: 'Organiza tus tareas, evita la procrastinación y crea hábitos que duran.', category: 'Desarrollo personal', subcategory: 'Productividad', language: 'spanish', level: 'easy', durationHours: 4, priceCents: 999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'public-speaking', title: 'Public Speaking Without Fear', description: 'Prepare, rehearse and deliver talks with confidence, from meetings to conference stages.', category: 'Desarrollo personal', subcategory: 'Oratoria', language: 'english', level: 'easy', durationHours: 5, priceCents: 1999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'meditacion', title: 'Meditación y mindfulness para principiantes', description: 'Técnicas sencillas de respiración y atención plena para reducir el estrés diario.', category: 'Desarrollo personal', subcategory: 'Bienestar', language: 'spanish', level: 'easy', durationHours: 3, priceCents: 0, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'oratoria', title: 'Oratoria: habla en público con seguridad', description: 'Estructura tus ideas, controla los nervios y conecta con cualquier audiencia.', category: 'Desarrollo personal', subcategory: 'Oratoria', language: 'spanish', level: 'medium', durationHours: 6, priceCents: 1799, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'django', title: 'Django: aplicaciones web con Python', description: 'Modelos, vistas, plantillas, autenticación y despliegue de una aplicación web completa.', category: 'Programación', subcategory: 'Python', language: 'spanish', level: 'advanced', durationHours: 22, priceCents: 4499, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'deep-learning', title: 'Deep Learning with Python and PyTorch', description: 'Neural networks, CNNs and transformers, built and trained step by step.', category: 'Ciencia de datos', subcategory: 'Machine Learning', language: 'english', level: 'advanced', durationHours: 26, priceCents: 9999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'excel', title: 'Excel avanzado: tablas dinámicas y fórmulas', description: 'Funciones, tablas dinámicas y gráficos para analizar datos en tu trabajo diario.', category: 'Ciencia de datos', subcategory: 'Análisis de datos', language: 'spanish', level: 'medium', durationHours: 8, priceCents: 1999, teacherName: 'Laura Martínez', owner: 'teacher' },
  { key: 'git', title: 'Git y GitHub: control de versiones', description: 'Ramas, fusiones, pull requests y flujo de trabajo en equipo explicados desde cero.', category: 'Programación', subcategory: 'JavaScript', language: 'spanish', level: 'easy', durationHours: 4, priceCents: 0, teacherName: 'Carlos Ruiz', owner: 'carlos' },
];

// ---------------------------------------------------------------------------
// What the buyer has done, so every buyer screen has something to show.
// ---------------------------------------------------------------------------

export const buyerActivity = {
  /** Bought together in one paid order. */
  paidCourseKeys: ['python-cero', 'js-moderno', 'ux-ui'],
  /** Free courses the buyer enrolled in (no order). */
  freeCourseKeys: ['python-intro-free', 'python-beginners'],
  reviews: [
    { courseKey: 'python-cero', rating: 5, comment: '¡Excelente curso! Las explicaciones son muy claras y los ejercicios ayudan mucho.' },
    { courseKey: 'js-moderno', rating: 4, comment: 'Muy completo. Me habría gustado algún proyecto final más largo.' },
    { courseKey: 'python-beginners', rating: 5, comment: 'Perfect for getting started, I finally understand loops and functions.' },
  ],
  favouriteKeys: ['python-datos', 'react-complete', 'fotografia-digital'],
  cartKeys: ['python-datos', 'ml-intro'],
} as const;

export const demoContactMessages = [
  { name: 'Marta Sánchez', email: 'marta.sanchez@example.com', message: '¡Hola! ¿Tenéis descuentos para estudiantes universitarios? Me interesan los cursos de programación.' },
  { name: 'John Parker', email: 'john.parker@example.com', message: 'Hi, I would like to publish my photography course on your platform. Who should I talk to?' },
  { name: 'Andrés Castro', email: 'andres.castro@example.com', message: 'No puedo ver el segundo vídeo del curso de guitarra desde el móvil. ¿Me podéis ayudar?' },
];

// ---------------------------------------------------------------------------
// Review comments, by language and by how happy the reviewer was.
// ---------------------------------------------------------------------------

export const reviewComments: Record<CourseLanguage, { positive: string[]; neutral: string[]; negative: string[] }> = {
  spanish: {
    positive: [
      '¡Excelente curso! Muy bien explicado y con ejemplos prácticos.',
      'El profesor explica con mucha claridad. Lo recomiendo totalmente.',
      'Justo lo que necesitaba para empezar. Los ejercicios son geniales.',
      'Contenido actualizado y bien organizado. Vale cada céntimo.',
      'Me encantó, aprendí muchísimo en pocas semanas.',
    ],
    neutral: [
      'Buen curso, aunque algunas lecciones van demasiado rápido.',
      'Correcto en general; faltan más ejercicios al final de cada módulo.',
      'Está bien para empezar, pero esperaba algo más de profundidad.',
    ],
    negative: [
      'El audio de algunos vídeos se oye mal y cuesta seguir las explicaciones.',
      'Demasiado básico para lo que prometía la descripción.',
    ],
  },
  english: {
    positive: [
      'Great course! Clear explanations and practical examples.',
      'The instructor really knows the subject. Highly recommended.',
      'Exactly what I needed to get started. Loved the exercises.',
      'Well structured and up to date. Worth every cent.',
      'I learned a lot in just a few weeks, thank you!',
    ],
    neutral: [
      'Good course, although some lessons move too fast.',
      'Decent overall; I would like more exercises at the end of each section.',
      'Fine for beginners, but I expected a bit more depth.',
    ],
    negative: [
      'The audio in some videos is poor and hard to follow.',
      'Too basic for what the description promised.',
    ],
  },
};

export function coverUrlFor(categoryName: string, subcategoryName: string): string {
  const category = demoCategories.find((candidate) => candidate.name === categoryName);
  const subcategory = category?.subcategories.find((candidate) => candidate.name === subcategoryName);
  const cover = subcategory?.cover ?? category?.cover;
  return cover ? coverUrls[cover] : defaultCoverUrl;
}
