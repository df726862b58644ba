import { describeImageEndpoint } from '../../../features/descriptions/generate.server.ts';
import { getImageDescriber } from '../../../server/ai/registry.ts';
import { methodNotAllowed } from '../../../server/http/endpoint.ts';

export const prerender = false;

export const POST = describeImageEndpoint({ describer: getImageDescriber });
export const ALL = methodNotAllowed;
