// Placeholder until this module is built; see the issue that owns it.
