import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

interface Props {
  /** Changing it (the pathname) clears a caught error, so navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

/** Catches what a route throws while rendering or loading its chunk, and shows the route error page. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route error', error, info.componentStack);
  }

  override render() {
    return this.state.error !== null ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
