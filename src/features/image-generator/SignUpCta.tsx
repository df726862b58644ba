import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { sessionUser } from '../../components/account/session-store.ts';

/** The sign-up call to action is for logged-out visitors; it disappears once a session is known. */
export default function SignUpCta() {
  const user = useStore(sessionUser);
  const hydrated = useHydrated();
  // The first render matches the prerendered HTML, so hydration never mismatches.
  if (hydrated && user) return null;
  return (
    <section aria-labelledby="registro-cta" className="my-12 rounded-3xl bg-slate-900 px-6 py-10 text-white md:px-12">
      <h2 id="registro-cta" className="text-2xl font-bold tracking-tight md:text-3xl">
        Guarda tus imágenes favoritas
      </h2>
      <p className="mt-2 max-w-2xl text-slate-300">
        Crea una cuenta gratuita para guardar las imágenes que más te gustan y verlas desde cualquier dispositivo.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href="/register" className="inline-flex items-center rounded-lg bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-brand-50">
          Crear cuenta gratis
        </a>
        <a href="/login" className="inline-flex items-center rounded-lg px-5 py-2.5 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10">
          Iniciar sesión
        </a>
      </div>
    </section>
  );
}
