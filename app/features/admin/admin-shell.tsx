import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CloseIcon, FlameIcon, MenuIcon } from "~/ui/icons.tsx";
import { LogoutButton } from "~/features/accounts/logout-button.tsx";

/** The role's pages from the matrix (access.ts pagesFor), given by the layout's loader. */
export interface AdminLink {
  to: string;
  label: string;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between gap-2 rounded-xl px-3 py-2 text-sm font-semibold transition ${
    isActive ? "bg-chili-600 text-white" : "text-stone-700 hover:bg-chili-50 hover:text-chili-700"
  }`;

function CountBadge({
  count,
  label,
  inverted = false,
  testId,
}: {
  count: number;
  /** For screen readers: `belum dibaca`, `pesanan baru`. */
  label: string;
  inverted?: boolean;
  testId?: string;
}) {
  if (count === 0) return null;
  return (
    <span
      data-testid={testId}
      className={`inline-flex min-w-6 items-center justify-center rounded-full px-1.5 text-xs leading-6 font-bold ${
        inverted ? "bg-white text-chili-700" : "bg-chili-600 text-white"
      }`}
    >
      {count > 99 ? "99+" : count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

interface Counts {
  unread: number;
  newOrders: number;
}

function AdminNavList({ links, counts }: { links: AdminLink[]; counts: Counts }) {
  return (
    <ul className="flex flex-col gap-1">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={linkClass}>
            {({ isActive }) => (
              <>
                <span>{link.label}</span>
                {link.to === "/admin/notifikasi-masuk" ? (
                  <CountBadge count={counts.unread} label="belum dibaca" inverted={isActive} />
                ) : link.to === "/admin/pesanan" ? (
                  <CountBadge
                    count={counts.newOrders}
                    label="pesanan baru"
                    inverted={isActive}
                    testId="new-orders-badge"
                  />
                ) : null}
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Avatar({
  nama,
  photoUrl,
  size = "size-10",
}: {
  nama: string;
  photoUrl: string | null;
  size?: string;
}) {
  const initials =
    nama
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join("") || "?";
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt=""
        width={40}
        height={40}
        referrerPolicy="no-referrer"
        className={`${size} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-chili-100 font-bold text-chili-700`}
    >
      {initials}
    </span>
  );
}

interface AdminIdentity {
  nama: string;
  email: string;
  photo_url: string | null;
  /** The role's name, in Indonesian. */
  role: string;
  /** A paired device (0058): it has no profile of its own to edit. */
  device?: boolean;
}

function ProfileMenu({ admin }: { admin: AdminIdentity }) {
  const menuId = useId();
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // While the logout confirmation is up, the menu that holds it stays open.
    const dialogOpen = () => container.current?.querySelector("dialog[open]") !== null;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node) && !dialogOpen()) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !dialogOpen()) setOpenOn(null);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={container} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 hover:bg-chili-50"
      >
        <Avatar nama={admin.nama} photoUrl={admin.photo_url} size="size-9" />
        <span className="hidden max-w-40 truncate text-sm font-semibold sm:inline">{admin.nama}</span>
        <span className="sr-only">Menu profil</span>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-64 rounded-2xl border border-stone-200 bg-white p-2 shadow-xl"
      >
        <div className="border-b border-stone-100 px-3 pt-2 pb-3">
          <p className="truncate font-bold">{admin.nama}</p>
          <p className="truncate text-sm text-stone-600">{admin.email}</p>
          <p className="text-xs font-bold text-chili-700" data-testid="admin-role">
            {admin.role}
          </p>
        </div>
        <ul className="flex flex-col gap-1 py-2">
          {admin.device ? null : (
            <li>
              <Link
                to="/admin/profil"
                className="block rounded-xl px-3 py-2 text-sm font-semibold hover:bg-chili-50"
              >
                Profil
              </Link>
            </li>
          )}
          <li>
            <Link
              to="/admin/pengaturan"
              className="block rounded-xl px-3 py-2 text-sm font-semibold hover:bg-chili-50"
            >
              Pengaturan
            </Link>
          </li>
        </ul>
        <LogoutButton redirectTo="/masuk" className="btn-secondary w-full" />
      </div>
    </div>
  );
}

export function AdminShell({
  admin,
  pages,
  home,
  unread,
  newOrders,
  brand,
  children,
}: {
  admin: AdminIdentity;
  pages: AdminLink[];
  home: string;
  unread: number;
  newOrders: number;
  brand: string;
  children: React.ReactNode;
}) {
  const counts = { unread, newOrders };
  const phoneMenuId = useId();
  const { pathname } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  return (
    <div className="flex min-h-dvh bg-stone-50">
      <a
        href="#konten-admin"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Langsung ke konten
      </a>
      <aside className="hidden w-64 shrink-0 flex-col border-r border-stone-200 bg-white lg:flex">
        <Link to={home} className="flex h-16 items-center gap-2 px-5 text-lg font-extrabold text-chili-700">
          <FlameIcon className="size-7 text-chili-600" />
          <span>{brand}</span>
          <span className="rounded-full bg-chili-50 px-2 text-xs text-chili-700">{admin.role}</span>
        </Link>
        <nav aria-label="Navigasi admin" className="flex-1 overflow-y-auto px-3 pb-6">
          <AdminNavList links={pages} counts={counts} />
          <Link
            to="/beranda"
            className="mt-4 block rounded-xl px-3 py-2 text-sm font-semibold text-stone-600 hover:text-chili-700"
          >
            ← Lihat toko
          </Link>
        </nav>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 border-b border-stone-200 bg-white">
          <div className="flex h-16 items-center justify-between gap-3 px-4">
            <div className="flex min-w-0 items-center gap-2">
              {/* A disclosure that needs no script: the menu opens without JavaScript too. */}
              <details
                className="group lg:hidden"
                open={menuOpen}
                onToggle={(event) => setMenuOpenOn(event.currentTarget.open ? pathname : null)}
                data-testid="admin-phone-menu"
              >
                <summary
                  className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-full text-stone-700 [&::-webkit-details-marker]:hidden"
                  aria-label={menuOpen ? "Tutup menu admin" : "Buka menu admin"}
                >
                  <MenuIcon className="size-6 group-open:hidden" />
                  <CloseIcon className="hidden size-6 group-open:block" />
                </summary>
                <nav
                  id={phoneMenuId}
                  aria-label="Menu admin ponsel"
                  className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-stone-200 bg-white px-4 pt-2 pb-4 shadow-lg"
                >
                  <AdminNavList links={pages} counts={counts} />
                  <div className="mt-2 grid grid-cols-2 gap-1 border-t border-stone-100 pt-2">
                    {admin.device ? null : (
                      <Link to="/admin/profil" className={linkClass({ isActive: false })}>
                        Profil
                      </Link>
                    )}
                    <Link to="/admin/pengaturan" className={linkClass({ isActive: false })}>
                      Pengaturan
                    </Link>
                  </div>
                  <Link to="/beranda" className="mt-2 block px-3 py-2 text-sm font-semibold text-stone-600">
                    ← Lihat toko
                  </Link>
                  <LogoutButton redirectTo="/masuk" className="btn-secondary mt-2 w-full" />
                </nav>
              </details>
              <Link to={home} className="truncate font-extrabold whitespace-nowrap text-chili-700 lg:hidden">
                {brand} {admin.role}
              </Link>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <Link
                to="/admin/pesanan"
                className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-semibold whitespace-nowrap text-stone-700 hover:bg-chili-50 lg:hidden"
              >
                Pesanan
                <CountBadge count={newOrders} label="pesanan baru" />
              </Link>
              {pages.some((page) => page.to === "/admin/notifikasi-masuk") ? (
                <Link
                  to="/admin/notifikasi-masuk"
                  className="hidden items-center gap-1 rounded-full px-3 py-2 text-sm font-semibold text-stone-700 hover:bg-chili-50 sm:inline-flex"
                >
                  Notifikasi
                  <CountBadge count={unread} label="belum dibaca" />
                </Link>
              ) : null}
              <ProfileMenu admin={admin} />
            </div>
          </div>
        </header>
        <main id="konten-admin" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

export function AdminPageHeader({ title, description }: { title: string; description?: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-extrabold">{title}</h1>
      {description ? <p className="mt-1 text-stone-600">{description}</p> : null}
    </div>
  );
}
