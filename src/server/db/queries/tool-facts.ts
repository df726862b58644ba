/**
 * A tool's facts (src/lib/tool-facts.ts) in and out of the posts row, for every reader and writer of them: the tool
 * page, the public API, the editor and the account export read one JSON object shaped as `ToolFacts`; the
 * publication form writes the columns from `ToolFactsInput`.
 */
import type { ToolFactsInput } from '../../../lib/tool-facts.ts';

/**
 * SQL for the facts of the posts row named `table` (an alias such as `p`, or `"posts"`), as one JSON object shaped as
 * `ToolFacts`: the price is null unless its three columns are set (a CHECK keeps them together) and the date of the
 * check is an ISO string in UTC, as JavaScript writes it.
 */
export function toolFactsJson(table: string): string {
  const t = table;
  return `json_build_object(
    'spanishInterface', ${t}.spanish_interface, 'spanishOutput', ${t}.spanish_output, 'spanishVoice', ${t}.spanish_voice,
    'freePlan', ${t}.free_plan,
    'priceFrom', CASE WHEN ${t}.price_from_amount IS NULL THEN NULL
                      ELSE json_build_object('amount', ${t}.price_from_amount, 'currency', ${t}.price_from_currency,
                                             'period', ${t}.price_from_period) END,
    'platforms', ${t}.platforms, 'openSource', ${t}.open_source, 'license', ${t}.license, 'company', ${t}.company,
    'country', ${t}.company_country, 'launchYear', ${t}.launch_year, 'signupRequired', ${t}.signup_required,
    'checkedAt', to_char(${t}.facts_checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'checkedBy', ${t}.facts_checked_by)`;
}

/** The posts columns a form's facts are stored in (the checker and the date are the caller's decision). */
export function toolFactsColumns(facts: ToolFactsInput): Record<string, unknown> {
  return {
    spanish_interface: facts.spanishInterface,
    spanish_output: facts.spanishOutput,
    spanish_voice: facts.spanishVoice,
    free_plan: facts.freePlan,
    price_from_amount: facts.priceFrom?.amount ?? null,
    price_from_currency: facts.priceFrom?.currency ?? null,
    price_from_period: facts.priceFrom?.period ?? null,
    platforms: facts.platforms,
    open_source: facts.openSource,
    license: facts.license,
    company: facts.company,
    company_country: facts.country,
    launch_year: facts.launchYear,
    signup_required: facts.signupRequired,
  };
}

/** SQL: whether the posts row named `table` knows at least one fact (the same rule as hasKnownFacts). */
export function knownFactsSql(table: string): string {
  const t = table;
  return `(${t}.spanish_interface <> 'unknown' OR ${t}.spanish_output <> 'unknown' OR ${t}.spanish_voice <> 'unknown'
    OR ${t}.free_plan <> 'unknown' OR ${t}.price_from_amount IS NOT NULL OR cardinality(${t}.platforms) > 0
    OR ${t}.open_source <> 'unknown' OR ${t}.company IS NOT NULL OR ${t}.company_country IS NOT NULL
    OR ${t}.launch_year IS NOT NULL OR ${t}.signup_required <> 'unknown')`;
}
