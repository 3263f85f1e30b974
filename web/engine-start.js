// engine-start.js: the page's engine starts from this async module script in the page's head, as soon as the
// engine's own modules are in, not once every module of the page's main script has loaded (a module script runs
// after its whole graph): on a first visit at 10 Mbps the worker started 0.3 s later that way, and the first
// answer waited for it.
import { loadEngine } from './engine-session.js';

loadEngine();
