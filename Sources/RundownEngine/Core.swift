// The engine's modules see what it shares with the toolkit (code locations,
// explained errors, the one lock type) as its own: every module that imports
// the engine imports the core with it.
@_exported import RundownCore
