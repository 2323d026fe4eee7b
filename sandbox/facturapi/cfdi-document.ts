/**
 * A CFDI 4.0 as the sandbox PAC writes it: a tree of elements whose attributes are kept in the order
 * of SAT's cadena original stylesheet (`sat/cadenaoriginal_4_0.xslt`), the XML text (namespaces and
 * schemaLocation of Anexo 20) and the cadena original itself, made by walking the tree in that
 * stylesheet's order: `|` before every attribute present (spaces collapsed, as its `ManejaEspacios`),
 * the whole between `||`, the Comprobante's own Sello and Certificado left out.
 */

export const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
export const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const CFDI_SCHEMA_LOCATION = 'http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd';
export const TFD_SCHEMA_LOCATION = 'http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd';

/** An element: a qualified name, its attributes in order (absent ones left out), its children. */
export interface CfdiElement {
  name: string;
  attributes: [string, string][];
  children: CfdiElement[];
}

/** An element from attributes given in order; undefined values are left out. */
export function element(name: string, attributes: [string, string | undefined][], children: CfdiElement[] = []): CfdiElement {
  return { name, attributes: attributes.filter((pair): pair is [string, string] => pair[1] !== undefined), children };
}

/** Attributes of the Comprobante that its cadena original leaves out (the seal is made over it). */
const NOT_IN_CADENA = new Set(['Sello', 'Certificado', 'xmlns:cfdi', 'xmlns:xsi', 'xsi:schemaLocation']);

/** `normalize-space(string($s))`. */
function collapsed(value: string): string {
  return value.replace(/[\t\n\r ]+/g, ' ').trim();
}

/**
 * The cadena original of a Comprobante, in the stylesheet's order: an element's attributes, then its
 * children in document order — except the Comprobante's Impuestos, whose Retenciones come before
 * TotalImpuestosRetenidos and Traslados before TotalImpuestosTrasladados. The Complemento (the
 * timbre) is not in it.
 */
export function cadenaOriginal(comprobante: CfdiElement): string {
  const parts: string[] = [];
  const attributes = (node: CfdiElement) => {
    for (const [name, value] of node.attributes) if (!NOT_IN_CADENA.has(name)) parts.push(collapsed(value));
  };
  const walk = (node: CfdiElement, summary: boolean) => {
    if (node.name === 'cfdi:Complemento') return;
    if (summary && node.name === 'cfdi:Impuestos') {
      const total = (name: string) => node.attributes.find(([key]) => key === name)?.[1];
      for (const group of ['cfdi:Retenciones', 'cfdi:Traslados']) {
        for (const child of node.children.filter((c) => c.name === group)) child.children.forEach((item) => attributes(item));
        const value = total(group === 'cfdi:Retenciones' ? 'TotalImpuestosRetenidos' : 'TotalImpuestosTrasladados');
        if (value !== undefined) parts.push(collapsed(value));
      }
      return;
    }
    attributes(node);
    for (const child of node.children) walk(child, node.name === 'cfdi:Comprobante');
  };
  walk(comprobante, false);
  return `||${parts.join('|')}||`;
}

/** The cadena original of a TimbreFiscalDigital (SAT's `cadenaoriginal_TFD_1_1.xslt`: its attributes but the SelloSAT). */
export function timbreCadena(timbre: CfdiElement): string {
  const order = ['Version', 'UUID', 'FechaTimbrado', 'RfcProvCertif', 'Leyenda', 'SelloCFD', 'NoCertificadoSAT'];
  const values = order.map((name) => timbre.attributes.find(([key]) => key === name)?.[1]).filter((value): value is string => value !== undefined);
  return `||${values.map(collapsed).join('|')}||`;
}

function escaped(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

function serialise(node: CfdiElement): string {
  const attributes = node.attributes.map(([name, value]) => ` ${name}="${escaped(value)}"`).join('');
  if (node.children.length === 0) return `<${node.name}${attributes}/>`;
  return `<${node.name}${attributes}>${node.children.map(serialise).join('')}</${node.name}>`;
}

/** The XML text, UTF-8, with its declaration. */
export function cfdiXml(comprobante: CfdiElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialise(comprobante)}`;
}

/** An attribute of an element, or undefined. */
export function attribute(node: CfdiElement, name: string): string | undefined {
  return node.attributes.find(([key]) => key === name)?.[1];
}

/** Sets (or replaces in place) an attribute of an element. */
export function setAttribute(node: CfdiElement, name: string, value: string): void {
  const index = node.attributes.findIndex(([key]) => key === name);
  if (index >= 0) node.attributes[index] = [name, value];
  else node.attributes.push([name, value]);
}
