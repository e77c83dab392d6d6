@_exported import RundownConcurrency
@_exported import RundownDSL

@_exported import struct RundownCore.CodeLocation
@_exported import protocol RundownCore.LocatedError
@_exported import enum RundownEngine.Asynchronous
@_exported import struct RundownEngine.DeferCleanupMisuse
// Of the engine, only what a user writes or reads: where am I, skips,
// failures, locations, and the call kinds' closure shapes. The tree, the
// walk and the report are Rundown's own.
@_exported import class RundownEngine.ExampleRunner
@_exported import protocol RundownEngine.ExecutionMode
@_exported import enum RundownEngine.HookKind
@_exported import struct RundownEngine.Skip
@_exported import struct RundownEngine.SpecFailure
@_exported import enum RundownEngine.Synchronous
