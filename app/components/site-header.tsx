import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useRootData } from "~/root.tsx";
import { useCart } from "~/features/cart/cart-provider.tsx";
import { CartIcon, CloseIcon, FlameIcon, MenuIcon } from "./ui/icons.tsx";
import { LogoutButton } from "~/features/accounts/logout-button.tsx";
import { isAdmin } from "~/features/accounts/permissions.ts";

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
  const { count } = useCart();
  return (
    <span
      data-testid="cart-count"
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
  const admin = isAdmin(user);
  // Once someone was signed in here, the Keluar button stays mounted (hidden when signed out):
  // logging out revalidates the page, and its "Berhasil keluar dari akun" dialog lives in it.
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
          {admin ? (
            <NavLink to="/admin/dashboard" className={navLinkClass}>
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
            <LogoutButton redirectTo="/" className={user ? "btn-secondary min-h-10 py-1.5" : "hidden"} />
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
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-stone-700"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? "Tutup menu" : "Buka menu"}
            onClick={() => setOpen(!open)}
          >
            {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Menu ponsel"
        hidden={!open}
        className="border-t border-chili-100 bg-white px-4 pt-2 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1">
          {[
            ...mainLinks,
            { to: "/keranjang", label: "Keranjang" },
            ...moreLinks,
            ...(admin ? [{ to: "/admin/dashboard", label: "Admin" }] : []),
          ].map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={({ isActive }) => `block ${navLinkClass({ isActive })}`}>
                {link.label}
                {link.to === "/keranjang" ? <CartCount className="ml-2" /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
        {seenUser ? (
          <div className={user ? "mt-3 grid" : undefined}>
            <LogoutButton redirectTo="/" className={user ? "btn-secondary w-full" : "hidden"} />
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
    </header>
  );
}
