import { describeImageEndpoint } from '../../../features/descriptions/generate.server.ts';
import { getImageDescriber } from '../../../server/ai/registry.ts';

export const prerender = false;

export const POST = describeImageEndpoint({ describer: getImageDescriber });
