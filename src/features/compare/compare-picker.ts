/**
 * The «Comparar con…» picker's suggestions, loaded on its first focus (ADR 005): the tools of the header search's
 * suggestions file, by name, in a datalist. Without this module the form still works: the server reads a typed
 * name or slug.
 */
import { loadSuggestions } from '../../lib/search/suggestions-client.ts';

/** Fills the picker's datalist once with every tool but the one on the page. */
export async function fillComparePicker(form: HTMLFormElement): Promise<void> {
  const list = form.querySelector<HTMLDataListElement>('datalist')!;
  if (list.options.length > 0) return;
  const current = form.querySelector<HTMLInputElement>('input[name="a"]')!.value;
  const { tools } = await loadSuggestions();
  const options = tools
    .filter(([, slug]) => slug !== current)
    .map(([name]) => {
      const option = document.createElement('option');
      option.value = name;
      return option;
    });
  list.replaceChildren(...options);
}
