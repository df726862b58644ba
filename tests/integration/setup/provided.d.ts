declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: 'pglite' | 'postgres15';
  }
}

export {};
