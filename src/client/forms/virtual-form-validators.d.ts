// Modules made by scripts/vite-plugin-form-validators.ts: one precompiled validator per schemas/forms file.
declare module 'virtual:form-validator/*' {
  const validate: { (data: unknown): boolean; errors?: import('ajv').ErrorObject[] | null };
  export default validate;
}
