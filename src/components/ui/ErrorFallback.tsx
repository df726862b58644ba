/** The error fallback screen ('¡Oops!'); the 500 page shows it. */
export function ErrorFallback() {
  return (
    <div role="alert" className="mx-auto max-w-md rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm">
      <p className="text-2xl font-bold text-slate-900">¡Oops!</p>
      <p className="mt-2 text-slate-600">Algo salió mal. Por favor, recarga la página.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        Recargar página
      </button>
    </div>
  );
}
