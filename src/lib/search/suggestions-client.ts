/**
 * The build's suggestions file in the browser, fetched once per page however many boxes use it (the header
 * search and the «Comparar con…» picker); on failure the boxes work without suggestions and try again later.
 */
import { SUGGESTIONS_PATH, type SuggestionData } from './suggestions.ts';

const NO_SUGGESTIONS: SuggestionData = { tools: [], categories: [], tasks: [] };

let dataLoading: Promise<SuggestionData> | undefined;

export function loadSuggestions(): Promise<SuggestionData> {
  dataLoading ??= fetch(SUGGESTIONS_PATH)
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json() as Promise<SuggestionData>;
    })
    .catch(() => {
      dataLoading = undefined;
      return NO_SUGGESTIONS;
    });
  return dataLoading;
}
