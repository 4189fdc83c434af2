// A render error of the terminal UI ends the app with that error, which runCli then says in one
// sentence (cli/unexpected-error.ts; the stack with WAVE_DEBUG). Without it, Ink's own boundary
// would draw its error overview in the user's terminal: the stack and an excerpt of the code.
import { PureComponent } from 'react';
import type { ReactNode } from 'react';
import { useApp } from 'ink';

interface BoundaryProps {
  readonly onError: (error: Error) => void;
  readonly children: ReactNode;
}

class RenderErrorBoundary extends PureComponent<BoundaryProps, { failed: boolean }> {
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override state = { failed: false };

  override componentDidCatch(error: Error): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export function ExitOnRenderError({ children }: { readonly children: ReactNode }) {
  const { exit } = useApp();
  return <RenderErrorBoundary onError={exit}>{children}</RenderErrorBoundary>;
}
