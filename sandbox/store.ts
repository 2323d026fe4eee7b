import type { Kysely } from 'kysely';

export interface SandboxStore { kysely: Kysely<any>; dialect: 'sqlite' | 'postgres'; writeTransaction<T>(work: (trx: Kysely<any>) => Promise<T>): Promise<T> }
