import type { Plugin } from 'vite';

/** Prefix of the virtual modules holding one precompiled validator per schemas/forms file. */
export declare const FORM_VALIDATOR_PREFIX: 'virtual:form-validator/';
/** Vite plugin: `virtual:form-validator/<formId>` → ajv standalone code of that form's schema. */
export declare function formValidatorsPlugin(): Plugin;
