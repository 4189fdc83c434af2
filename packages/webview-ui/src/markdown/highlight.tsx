// Code highlighted by lowlight (highlight.js grammars) into a syntax tree, rendered as React
// elements: no HTML strings, so nothing a model writes can become markup.
import { common, createLowlight } from 'lowlight';
import type { ReactNode } from 'react';

const lowlight = createLowlight(common);

interface HastText {
  readonly type: 'text';
  readonly value: string;
}
interface HastElement {
  readonly type: 'element';
  readonly properties?: { readonly className?: unknown };
  readonly children: readonly HastNode[];
}
type HastNode = HastText | HastElement | { readonly type: string };

function isText(node: HastNode): node is HastText {
  return node.type === 'text';
}
function isElement(node: HastNode): node is HastElement {
  return node.type === 'element';
}

function classNameOf(element: HastElement): string | undefined {
  const names = element.properties?.className;
  return Array.isArray(names)
    ? names.filter((name) => typeof name === 'string').join(' ')
    : undefined;
}

function render(nodes: readonly HastNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (isText(node)) return node.value;
    if (isElement(node))
      return (
        <span key={index} className={classNameOf(node)}>
          {render(node.children)}
        </span>
      );
    return null;
  });
}

/** The code as highlighted spans, or as plain text when the language is unknown. */
export function highlightCode(code: string, language: string | undefined): ReactNode {
  const name = language?.trim().split(/\s+/)[0]?.toLowerCase();
  if (!name || !lowlight.registered(name)) return code;
  return render(lowlight.highlight(name, code).children);
}
