import { useStore } from '@nanostores/react';
import { useId, type SubmitEvent } from 'react';
import { sessionUser } from '../../components/account/session-store.ts';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { DescriptionForm } from './DescriptionForm.tsx';
import { DescriptionResult } from './DescriptionResult.tsx';
import { checkDescriptionSource, DESCRIPTION_MESSAGES } from './descriptions.ts';
import { useDescriptionRequest } from './use-description-request.ts';
import { useDescriptionSave } from './use-description-save.ts';
import { fail, useDescriptionSource } from './use-description-source.ts';

const failWith = (message: string) => fail({ title: 'Error', description: message });

/** /descripcion-de-imagenes: image in (file or URL), HTML description out, streamed as the model writes. */
export default function DescriptionGenerator() {
  const user = useStore(sessionUser);
  const ids = useId();
  const ready = useHydrated();
  const source = useDescriptionSource();
  const request = useDescriptionRequest(failWith);
  const save = useDescriptionSave(() => failWith(DESCRIPTION_MESSAGES.saveFailed));

  function generate(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkDescriptionSource({ file: source.file, url: source.url });
    if (problem) return fail(problem);
    save.forget();
    void request.describe(source);
  }

  function startOver() {
    source.clear();
    request.reset();
    save.forget();
  }

  const { status, descriptionId, finalHtml } = request;
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-8">
      <DescriptionForm idBase={ids} source={source} onSubmit={generate} analysing={status === 'analysing'} ready={ready} />
      <DescriptionResult
        idBase={ids}
        status={status}
        shown={finalHtml ?? request.html}
        finalHtml={finalHtml}
        askToSignIn={user === null}
        save={{
          offered: Boolean(user && descriptionId),
          saved: save.saved,
          saving: save.saving,
          toggle: () => {
            if (descriptionId) void save.toggle(descriptionId);
          },
        }}
        onNew={startOver}
        onCopyFailed={() => failWith('No se pudo copiar al portapapeles.')}
      />
    </div>
  );
}
