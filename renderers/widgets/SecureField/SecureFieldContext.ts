import { createContext } from 'react';

/**
 * Who mounts a provider's secure field (an iframe the page cannot read) into a container.
 * The card panel provides it once the provider's script is loaded; the `secureField`
 * widget only says which field goes where, so the form layout stays data (uiSchema).
 */
export interface SecureFieldHost {
  /** Mounts the provider field `field` into the element `containerId`, labelled `label`; answers the unmount. */
  mount(field: string, containerId: string, label: string): () => void;
}

export const SecureFieldContext = createContext<SecureFieldHost | null>(null);
