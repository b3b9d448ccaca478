// Reading migration files: statements with their comments, and the file's own markers. Shared by
// the runner (migrator.ts) and the lint (migration-lint.ts, scripts/check-migrations.ts).

/** drizzle-kit's separator between statements of one migration file. */
export const BREAKPOINT = "--> statement-breakpoint";

/** Header marker: the file's statements run one by one outside a transaction (CONCURRENTLY). */
export const NO_TRANSACTION_MARKER = /^\s*--\s*migrate:\s*no-transaction\b/;

export interface Statement {
  /** The statement as written, without its comments, whitespace collapsed, no trailing `;`. */
  sql: string;
  /** The `-- …` comments written before the statement or on its lines. */
  comments: string[];
  /** 1-based line where the statement's code begins. */
  line: number;
}

/** Whether the marker is among the comment lines the file starts with (drizzle-kit's --custom writes one). */
export function isNoTransaction(fileText: string): boolean {
  for (const line of fileText.split("\n")) {
    if (NO_TRANSACTION_MARKER.test(line)) return true;
    if (line.trim() && !line.trim().startsWith("--")) return false;
  }
  return false;
}

/**
 * Splits SQL on `;` outside quotes, quoted identifiers, dollar-quoted bodies and comments, so a
 * trigger function's body stays one statement. drizzle-kit's breakpoint comments are dropped.
 */
export function splitStatements(text: string): Statement[] {
  const out: Statement[] = [];
  let code = "";
  let comments: string[] = [];
  let line = 1;
  let startLine = 0;
  const flush = () => {
    const sql = code.replace(/\s+/g, " ").trim();
    if (sql) out.push({ sql, comments, line: startLine || line });
    code = "";
    comments = [];
    startLine = 0;
  };
  const mark = () => {
    if (!startLine) startLine = line;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const rest = text.startsWith("--", i);
    if (rest) {
      const end = text.indexOf("\n", i);
      const comment = text.slice(i, end === -1 ? text.length : end);
      if (!comment.startsWith(BREAKPOINT)) {
        comments.push(comment.replace(/^--\s?/, "").trim());
      }
      i = end === -1 ? text.length : end;
      continue;
    }
    if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      const block = text.slice(i, end === -1 ? text.length : end + 2);
      line += block.split("\n").length - 1;
      i += block.length;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === c && text[j + 1] === c) j += 2;
        else if (text[j] === c) break;
        else j++;
      }
      const quoted = text.slice(i, j + 1);
      mark();
      code += quoted;
      line += quoted.split("\n").length - 1;
      i = j + 1;
      continue;
    }
    const dollar = c === "$" ? /^\$[A-Za-z_]*\$/.exec(text.slice(i)) : null;
    if (dollar) {
      const tag = dollar[0];
      const end = text.indexOf(tag, i + tag.length);
      const body = text.slice(i, end === -1 ? text.length : end + tag.length);
      mark();
      code += body;
      line += body.split("\n").length - 1;
      i += body.length;
      continue;
    }
    if (c === ";") {
      flush();
      i++;
      continue;
    }
    if (c === "\n") line++;
    else if (!/\s/.test(c)) mark();
    code += c;
    i++;
  }
  flush();
  return out;
}
