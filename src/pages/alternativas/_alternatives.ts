/** The published tools every «Alternativas a…» page ranks, read once per build (one query for all of them). */
import { oncePerBuild } from '../../server/build/once-per-build.ts';
import { listAlternativeCandidates, type AlternativeCandidate } from '../../server/db/queries/public/alternatives.ts';

export const readAlternativeCandidates: () => Promise<AlternativeCandidate[]> = oncePerBuild(listAlternativeCandidates);
