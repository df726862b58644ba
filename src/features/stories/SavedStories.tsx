import { STORY_GENRES } from '../../lib/ai-options.ts';
import type { SessionUserView } from '../../components/account/session-client.ts';
import type { SavedStory } from './story.ts';

const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The signed-in visitor's latest stories (five, newest first); guests are invited to sign in. */
export default function SavedStories({ user, stories }: { user: SessionUserView | null | undefined; stories: SavedStory[] | null }) {
  if (user === undefined) return null;
  if (user === null) {
    return (
      <aside className="rounded-2xl border border-brand-100 bg-brand-50 p-5 md:p-6" aria-labelledby="guardar-historias">
        <h2 id="guardar-historias" className="text-lg font-semibold text-slate-900">
          Guarda tus historias
        </h2>
        <p className="mt-1 text-slate-700">Inicia sesión y tus historias se guardarán solas para que puedas volver a leerlas.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href="/login" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Iniciar sesión
          </a>
          <a href="/register" className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-600/40 hover:bg-white">
            Crear cuenta
          </a>
        </div>
      </aside>
    );
  }
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6" aria-labelledby="tus-historias">
      <h2 id="tus-historias" className="text-lg font-semibold text-slate-900">
        Tus historias
      </h2>
      {stories === null && <p className="mt-2 text-slate-600">Cargando tus historias…</p>}
      {stories?.length === 0 && <p className="mt-2 text-slate-600">Aún no has generado ninguna historia. La primera se guardará aquí.</p>}
      {stories && stories.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200">
          {stories.map((story) => (
            <li key={story.id}>
              <details className="group py-3">
                <summary className="flex cursor-pointer list-none items-baseline justify-between gap-3 rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                  <span className="font-medium text-slate-900 group-open:text-brand-700">{story.title}</span>
                  <span className="shrink-0 text-sm text-slate-600">
                    {STORY_GENRES.find((genre) => genre.value === story.options.genre)?.label} ·{' '}
                    <time dateTime={story.createdAt}>{dateFormat.format(new Date(story.createdAt))}</time>
                  </span>
                </summary>
                <p className="mt-2 text-sm text-slate-600">Idea: {story.prompt}</p>
                <div className="mt-2 whitespace-pre-line text-slate-800">{story.content}</div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
