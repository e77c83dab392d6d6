@_exported import RundownDSL
@_exported import RundownEngine
