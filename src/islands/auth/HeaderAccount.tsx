import { useStore } from '@nanostores/react';
import { Icon } from '../../components/ui/Icon.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import { signOutAndGoHome, type SessionUserView } from '../../lib/auth-client.ts';
import { initials } from '../../lib/avatar.ts';
import { sessionUser } from '../../stores/session.ts';

interface Props {
  variant: 'desktop' | 'mobile';
}

/**
 * The header's account area. Static pages are the same for everyone, so the server renders the guest
 * links and this island swaps them for 'Publicar' and the user menu once the session is known.
 */
export default function HeaderAccount({ variant }: Props) {
  const known = useStore(sessionUser);
  // The first render must match the server's guest markup, even when another island already has the session.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const user = hydrated ? known : null;
  if (!user) return variant === 'desktop' ? <GuestDesktop /> : <GuestMobile />;
  return variant === 'desktop' ? <UserDesktop user={user} /> : <UserMobile user={user} />;
}

function GuestDesktop() {
  return (
    <div className="flex items-center gap-2">
      <a href="/login" className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
        Iniciar sesión
      </a>
      <a href="/register" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        Registrarse
      </a>
    </div>
  );
}

function GuestMobile() {
  return (
    <div className="mt-4 grid grid-cols-2 gap-2">
      <a href="/login" className="rounded-lg border border-slate-300 px-4 py-2.5 text-center font-medium text-slate-700">
        Iniciar sesión
      </a>
      <a href="/register" className="rounded-lg bg-brand-600 px-4 py-2.5 text-center font-semibold text-white">
        Registrarse
      </a>
    </div>
  );
}

function Avatar({ user }: { user: SessionUserView }) {
  return (
    <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white" aria-hidden="true">
      {initials(user.name, user.email)}
    </span>
  );
}

const menuItemClass = 'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100';

function AccountLinks({ user, itemClass }: { user: SessionUserView; itemClass: string }) {
  return (
    <>
      <li>
        <a href="/dashboard" className={itemClass}>
          <Icon name="layout-dashboard" className="h-4 w-4" aria-hidden="true" />
          Mi Dashboard
        </a>
      </li>
      {user.role === 'admin' && (
        <li>
          <a href="/admin" className={itemClass}>
            <Icon name="shield-check" className="h-4 w-4" aria-hidden="true" />
            Panel Admin
          </a>
        </li>
      )}
      <li>
        <button type="button" onClick={signOutAndGoHome} className={itemClass}>
          <Icon name="log-out" className="h-4 w-4" aria-hidden="true" />
          Cerrar sesión
        </button>
      </li>
    </>
  );
}

function UserDesktop({ user }: { user: SessionUserView }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  return (
    <div className="flex items-center gap-2">
      <a href="/publicar" className="flex items-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        <Icon name="plus" className="h-4 w-4" aria-hidden="true" />
        Publicar
      </a>
      <div className="relative" ref={container}>
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
          className="flex items-center gap-1 rounded-full p-0.5 pr-2 hover:bg-slate-100"
        >
          <Avatar user={user} />
          <span className="sr-only">Menú de cuenta de {user.name}</span>
          <Icon name="chevron-down" className="h-4 w-4 text-slate-600" aria-hidden="true" />
        </button>
        <div id={menuId} hidden={!open} className="absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <div className="border-b border-slate-100 px-3 pb-2 pt-1">
            <p className="truncate font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
          <ul className="pt-2">
            <AccountLinks user={user} itemClass={menuItemClass} />
          </ul>
        </div>
      </div>
    </div>
  );
}

function UserMobile({ user }: { user: SessionUserView }) {
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <div className="flex items-center gap-3 px-3">
        <Avatar user={user} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
        </div>
      </div>
      <a href="/publicar" className="mt-3 flex items-center justify-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white">
        <Icon name="plus" className="h-4 w-4" aria-hidden="true" />
        Publicar
      </a>
      <ul className="mt-2">
        <AccountLinks user={user} itemClass="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-slate-700 hover:bg-slate-100" />
      </ul>
    </div>
  );
}
