// The admin's tables and pagers: a real <table> with row and column headers, spare columns hidden on a phone.
import type { HTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";

export interface Column<Row> {
  header: ReactNode;
  cell(row: Row): ReactNode;
  rowHeader?: boolean;
  from?: "sm" | "md" | "lg";
  align?: "right";
  className?: string;
}

// Literal class names, so Tailwind finds them.
const FROM = { sm: "hidden sm:table-cell", md: "hidden md:table-cell", lg: "hidden lg:table-cell" };

const cellClass = (column: Column<never>, compact: boolean) =>
  [
    compact ? "py-1 pr-2 last:pr-0" : "px-4 py-3",
    column.from ? FROM[column.from] : "",
    column.align === "right" ? "text-right" : "",
    column.className ?? "",
  ]
    .filter(Boolean)
    .join(" ");

export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  compact = false,
  className = "",
}: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  rowProps?(row: Row): HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  compact?: boolean;
  className?: string;
}) {
  const table = (
    <table className={`w-full text-left text-sm ${className}`}>
      <caption className="sr-only">{caption}</caption>
      <thead
        className={
          compact
            ? "text-stone-500"
            : "border-b border-stone-200 bg-stone-50 text-xs text-stone-600 uppercase"
        }
      >
        <tr>
          {columns.map((column, index) => (
            <th
              key={index}
              scope="col"
              className={`${cellClass(column as Column<never>, compact)} font-semibold`}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {rows.map((row) => (
          <tr key={rowKey(row)} className="align-top" {...rowProps?.(row)}>
            {columns.map((column, index) => {
              const className = cellClass(column as Column<never>, compact);
              return column.rowHeader ? (
                <th key={index} scope="row" className={className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={index} className={className}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return compact ? table : <div className="card overflow-x-auto">{table}</div>;
}

export function Pager({
  label,
  page,
  pageCount,
  hasNext = pageCount !== null && page < pageCount,
  href,
  previous = "Sebelumnya",
  next = "Berikutnya",
}: {
  label: string;
  page: number;
  /** Null when only a next page is known. */
  pageCount: number | null;
  hasNext?: boolean;
  href(page: number): string;
  previous?: string;
  next?: string;
}) {
  if (page <= 1 && !hasNext) return null;
  const number = (value: number) => value.toLocaleString("id-ID");
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary" preventScrollReset>
          {previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-600">
        Halaman {number(page)}
        {pageCount ? ` dari ${number(pageCount)}` : ""}
      </span>
      {hasNext ? (
        <Link to={href(page + 1)} className="btn-secondary" preventScrollReset>
          {next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
