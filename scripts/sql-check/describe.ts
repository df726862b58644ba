/**
 * Asks PostgreSQL to parse, analyse and describe one statement without running it: the extended protocol's
 * Parse and Describe (what a driver does before binding values), sent through pg's submittable interface.
 * Unknown tables, columns, functions and type mismatches fail here exactly as they would at run time.
 */
import type pg from 'pg';

export interface Description {
  /** The result's column names, in order; empty for a statement that returns no rows. */
  columns: string[];
}

export interface DescribeError {
  message: string;
  code?: string;
  /** 1-based character offset into the statement, when PostgreSQL gives one. */
  position?: number;
}

// The OID of `text`: what a parameter PostgreSQL cannot type from its context (`$1 IS NULL`) is taken to be.
const TEXT_OID = 25;
const UNDETERMINED_PARAMETER = '42P18';

interface ProtocolConnection {
  parse(query: { text: string; types: number[] }): void;
  describe(message: { type: 'S'; name: string }): void;
  sync(): void;
}

/** A pg "submittable": the client hands it the connection when its turn comes and routes the replies to it. */
class ParseAndDescribe {
  private columns: string[] = [];
  private readonly text: string;
  private readonly types: number[];
  private readonly done: (result: Description | DescribeError) => void;

  constructor(text: string, types: number[], done: (result: Description | DescribeError) => void) {
    this.text = text;
    this.types = types;
    this.done = done;
  }

  submit(connection: ProtocolConnection): void {
    connection.parse({ text: this.text, types: this.types });
    connection.describe({ type: 'S', name: '' });
    connection.sync();
  }

  handleRowDescription(message: { fields: { name: string }[] }): void {
    this.columns = message.fields.map((field) => field.name);
  }

  // pg stops routing replies to a statement once it fails (its ReadyForQuery goes to nobody): the error is the end.
  handleError(error: Error & { code?: string; position?: string }): void {
    this.done({ message: error.message, code: error.code, ...(error.position ? { position: Number(error.position) } : {}) });
  }

  handleReadyForQuery(): void {
    this.done({ columns: this.columns });
  }

  // Never sent for Parse and Describe; pg calls them only for executed statements.
  handleDataRow(): void {}
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
}

function parseAndDescribe(client: pg.ClientBase, text: string, types: number[]): Promise<Description | DescribeError> {
  return new Promise((resolve) => {
    void client.query(new ParseAndDescribe(text, types, resolve) as unknown as pg.QueryConfig);
  });
}

/**
 * Describes `text`. A parameter whose type PostgreSQL cannot infer is declared `text` and the statement is parsed
 * again, so such a statement is still checked for every table, column and function it names.
 */
export async function describeStatement(client: pg.ClientBase, text: string): Promise<Description | DescribeError> {
  const types: number[] = [];
  for (;;) {
    const result = await parseAndDescribe(client, text, types);
    if (!('message' in result) || result.code !== UNDETERMINED_PARAMETER) return result;
    const parameter = /\$(\d+)/.exec(result.message);
    const index = parameter ? Number(parameter[1]) - 1 : -1;
    if (index < 0 || types[index] === TEXT_OID) return result;
    while (types.length < index) types.push(0);
    types[index] = TEXT_OID;
  }
}

export function isDescribeError(result: Description | DescribeError): result is DescribeError {
  return 'message' in result;
}
