import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

interface Props {
  /** Moving to another page clears the error. */
  pathname: string;
  children: ReactNode;
}

/** Catches a page that fails to load or render (typically a stale chunk after a deploy). */
export class RouteErrorBoundary extends Component<Props, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
