import { useEffect, useId, useState, type ComponentProps } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useRootData } from "~/root.tsx";
import { replaceCartCount, useCartCount, useCartSaving } from "~/features/cart/cart-count.ts";
import { CartIcon, CloseIcon, FlameIcon, MenuIcon } from "~/ui/icons.tsx";
import type * as logout from "~/features/accounts/logout-button.tsx";
import { lazyComponent } from "~/lib/lazy-component.ts";

/** Shown to a signed-in visitor only: a guest's page does not load its code (decision 0042). */
const LogoutButton = lazyComponent<ComponentProps<typeof logout.LogoutButton>>(() =>
  import("~/features/accounts/logout-button.tsx").then((module) => ({ default: module.LogoutButton })),
);

/** Signed out: the account keeps its cart; this browser has none now. */
const forgetCart = () => replaceCartCount({ count: 0, version: 0 });

const mainLinks = [
  { to: "/beranda", label: "Beranda" },
  { to: "/produk", label: "Produk" },
] as const;

const moreLinks = [
  { to: "/tentang", label: "Tentang" },
  { to: "/kontak", label: "Kontak" },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 font-semibold transition ${
    isActive ? "bg-chili-50 text-chili-700" : "text-stone-700 hover:text-chili-700"
  }`;

function CartCount({ className = "" }: { className?: string }) {
  const count = useCartCount();
  const saving = useCartSaving();
  return (
    <span
      data-testid="cart-count"
      aria-busy={saving || undefined}
      className={`inline-flex min-w-6 items-center justify-center rounded-full bg-chili-600 px-1.5 text-xs leading-6 font-bold text-white ${className}`}
    >
      {count}
      <span className="sr-only"> item</span>
    </span>
  );
}

export function SiteHeader({ brand }: { brand: string }) {
  const menuId = useId();
  const { pathname } = useLocation();
  const { user } = useRootData();
  // Staff: the role's shortcuts from the matrix, drawn by the root's loader (access.ts pagesFor).
  const staffHome = user?.staffHome ?? null;
  const shortcuts = user?.shortcuts ?? [];
  // Once someone signed in here the Keluar button stays mounted: its "Berhasil keluar" dialog lives in it.
  const [seenUser, setSeenUser] = useState(user !== null);
  if (user && !seenUser) setSeenUser(true);
  // The phone menu is open on the page it was opened on: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <header className="sticky top-0 z-40 border-b border-chili-100 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold text-chili-700">
          <FlameIcon className="size-7 text-chili-600" />
          <span>{brand}</span>
        </Link>

        <nav aria-label="Navigasi utama" className="hidden items-center gap-1 md:flex">
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          {user ? (
            <NavLink to="/pesanan-saya" className={navLinkClass}>
              Pesanan saya
            </NavLink>
          ) : null}
          {staffHome ? (
            <NavLink to={staffHome} className={navLinkClass}>
              Admin
            </NavLink>
          ) : null}
          <NavLink to="/keranjang" className={navLinkClass}>
            <span className="inline-flex items-center gap-1.5">
              <CartIcon className="size-5" />
              Keranjang
              <CartCount />
            </span>
          </NavLink>
          <span className="mx-2 h-6 w-px bg-stone-200" aria-hidden="true" />
          {seenUser ? (
            <LogoutButton
              redirectTo="/"
              onSignedOut={forgetCart}
              className={user ? "btn-secondary min-h-10 py-1.5" : "hidden"}
            />
          ) : null}
          {user ? null : (
            <>
              <NavLink to="/daftar" className={navLinkClass}>
                Daftar
              </NavLink>
              <Link to="/masuk" className="btn-primary min-h-10 py-2">
                Masuk
              </Link>
            </>
          )}
        </nav>

        <div className="flex items-center gap-1 md:hidden">
          <Link
            to="/keranjang"
            className="relative inline-flex size-11 items-center justify-center rounded-full text-stone-700"
          >
            <CartIcon className="size-6" />
            <span className="sr-only">Keranjang</span>
            <CartCount className="absolute -top-0.5 -right-0.5 min-w-5 leading-5" />
          </Link>
          {/* A disclosure that needs no script: the menu opens without JavaScript too. */}
          <details
            className="group"
            open={open}
            onToggle={(event) => setOpen(event.currentTarget.open)}
            data-testid="phone-menu"
          >
            <summary
              className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-full text-stone-700 [&::-webkit-details-marker]:hidden"
              aria-label={open ? "Tutup menu" : "Buka menu"}
            >
              <MenuIcon className="size-6 group-open:hidden" />
              <CloseIcon className="hidden size-6 group-open:block" />
            </summary>
            <nav
              id={menuId}
              aria-label="Menu ponsel"
              className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-chili-100 bg-white px-4 pt-2 pb-4 shadow-lg"
            >
              <ul className="flex flex-col gap-1">
                {[
                  ...mainLinks,
                  { to: "/keranjang", label: "Keranjang" },
                  ...(user ? [{ to: "/pesanan-saya", label: "Pesanan saya" }] : []),
                  ...moreLinks,
                ].map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={({ isActive }) => `block ${navLinkClass({ isActive })}`}>
                      {link.label}
                      {link.to === "/keranjang" ? <CartCount className="ml-2" /> : null}
                    </NavLink>
                  </li>
                ))}
              </ul>
              {shortcuts.length > 0 ? (
                <div className="mt-2 border-t border-chili-100 pt-2">
                  <p className="px-3 py-1 text-xs font-bold tracking-wide text-stone-500 uppercase">Admin</p>
                  <ul className="grid grid-cols-2 gap-1">
                    {shortcuts.map((link) => (
                      <li key={link.to}>
                        <Link to={link.to} className={`block ${navLinkClass({ isActive: false })}`}>
                          {link.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {seenUser ? (
                <div className={user ? "mt-3 grid" : undefined}>
                  <LogoutButton
                    redirectTo="/"
                    onSignedOut={forgetCart}
                    className={user ? "btn-secondary w-full" : "hidden"}
                  />
                </div>
              ) : null}
              {user ? null : (
                <div className="mt-3 grid grid-cols-2 gap-2">
                  <Link to="/daftar" className="btn-secondary">
                    Daftar
                  </Link>
                  <Link to="/masuk" className="btn-primary">
                    Masuk
                  </Link>
                </div>
              )}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
