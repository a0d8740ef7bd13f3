"""The session: settings, wiring and the flows (ask, explain, eval, replay) both front ends call."""
