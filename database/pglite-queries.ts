// PGlite copies its parser table for each query Drizzle passes parsers with: this parses once instead (0045).
import type { PGlite, ParserOptions, Transaction } from "@electric-sql/pglite";

const keep = (value: string) => value;

const DRIZZLE_PARSERS: ParserOptions = Object.fromEntries(
  [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, keep]),
);

type Queryable = Pick<PGlite | Transaction, "query">;

function withoutCallParsers<T extends Queryable>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      if (property === "query")
        return (text: string, params?: unknown[], options?: { parsers?: ParserOptions }) => {
          if (!options?.parsers) return object.query(text, params, options);
          const { parsers: _ignored, ...rest } = options;
          return object.query(text, params, rest);
        };
      if (property === "transaction")
        return <R>(run: (tx: Transaction) => Promise<R>) =>
          (object as unknown as PGlite).transaction((tx) => run(withoutCallParsers(tx)));
      return value.bind(object);
    },
  });
}

export function drizzleClient(client: PGlite): PGlite {
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  return withoutCallParsers(client);
}
