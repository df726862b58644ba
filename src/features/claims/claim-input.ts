/** Bodies of the claim endpoints: the address to send the link to, a proposal, an admin's decision. */
import { z } from '../../lib/zod.ts';
import { publishInput } from '../../lib/tool-form.ts';

export const emailClaimInput = z.strictObject({
  email: z.email({ error: 'Escribe un correo electrónico válido.' }).max(254, { error: 'El correo electrónico es demasiado largo.' }),
});

/** The publish form's own rules for the fields a maker may change. */
export const proposalInput = publishInput.pick({ title: true, description: true, url: true });
export type ProposalInput = z.output<typeof proposalInput>;

export const idParams = z.object({ id: z.uuid({ error: 'Identificador no válido.' }) });

export const proposalDecisionInput = z.strictObject({ action: z.enum(['approve', 'reject'], { error: 'Acción no válida.' }) });
