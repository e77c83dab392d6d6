@_exported import RundownDSL
@_exported import RundownEngine
@_exported import RundownConcurrency
