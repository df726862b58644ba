/** The published tools every «Alternativas a…» page ranks, read once per build (one query for all of them). */
import { listAlternativeCandidates, type AlternativeCandidate } from '../../server/db/queries/public/alternatives.ts';

let reading: Promise<AlternativeCandidate[]> | undefined;

export function readAlternativeCandidates(): Promise<AlternativeCandidate[]> {
  reading ??= listAlternativeCandidates();
  return reading;
}
