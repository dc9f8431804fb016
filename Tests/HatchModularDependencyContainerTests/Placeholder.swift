// Placeholder until this suite is written.
