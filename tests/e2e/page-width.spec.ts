import { expect, test } from './fixtures.ts';

/** Every public page a visitor can land on, at rest: nothing may make it scroll sideways. */
const PUBLIC_PAGES = [
  '/',
  '/chatgpt',
  '/blimey',
  '/buscar?q=hacer%20presentaciones',
  '/categorias',
  '/categoria/imagen',
  '/ia-para/hacer-presentaciones',
  '/herramientas-ia-gratis',
  '/generador-de-imagenes',
  '/descripcion-de-imagenes',
  '/generar-historia',
  '/login',
  '/register',
  '/recuperar-contrasena',
  '/ayuda',
  '/privacidad',
  '/terminos',
  '/no-existe-esta-pagina',
];

for (const width of [390, 1280]) {
  test.describe(`a ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, allowedConsoleErrors: [/status of 404/] });

    test('no public page is wider than the screen', async ({ page }) => {
      test.slow();
      const wider: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await page.waitForLoadState('load');
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        if (scrollWidth > clientWidth) wider.push(`${path}: ${scrollWidth} px`);
      }
      expect(wider).toEqual([]);
    });
  });
}
