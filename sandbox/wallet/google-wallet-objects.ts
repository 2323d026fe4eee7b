/** An event ticket object as the stand-in keeps it: Google's JSON, whatever fields it was given. */
export type StoredObject = { id: string; classId?: string; state?: string } & Record<string, unknown>;

/** Objects kept; the oldest goes first (a long-running demo stays small). */
const KEPT = 10_000;

/**
 * The Google Wallet stand-in's saved event ticket objects, in this process's memory: created when a save
 * link opens (Google creates the object on the first save) or by the REST API's insert, changed by its
 * update and patch. Shared by the save page and the REST API of one mounted sandbox.
 */
export class GoogleWalletObjects {
  private readonly objects = new Map<string, StoredObject>();

  get(id: string): StoredObject | undefined {
    return this.objects.get(id);
  }

  /** Saves `object` whole (a save, an insert or an update), as the newest. */
  put(object: StoredObject): StoredObject {
    this.objects.delete(object.id);
    this.objects.set(object.id, object);
    if (this.objects.size > KEPT) this.objects.delete(this.objects.keys().next().value!);
    return object;
  }
}
