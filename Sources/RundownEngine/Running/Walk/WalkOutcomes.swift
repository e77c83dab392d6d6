// How the walk takes back how a closure ended, and what that does to its
// frame: each outcome is attributed where it belongs and moves its frame on in
// one place, whether its error is reported or was recorded already by its
// framework (`reported`: a `#require` posted its own issue before it threw).

extension SpecWalk {
    /// Reports how the closure of the last ``Instruction/call(_:_:)`` ended.
    func finish(_ outcome: Outcome) {
        guard let done = pending else {
            preconditionFailure("an outcome was reported with no closure running")
        }
        pending = nil
        // A misuse an each-hook of a nested group's element recorded (a fresh value read there) is
        // reported as the hook ends, before the group's examples run, not once the group has ended.
        // Only such a scope records misuses: an example's hooks take no lock for it.
        if case .elementHook(let element, _) = done.closure, case .groupElement = element.kind {
            record(element.takeFailures(), in: element)
        }
        if done.closure.isElements, case .passed = outcome {
            // Left for the end of the element's run, which looks before it decides the run's result.
        } else {
            takePosted()
        }
        if case .groupHook(let group, _) = done.closure { record(group.takeFailures(), in: group) }
        if case .passed = outcome { return }
        // `#require` recorded its issue, which its closure posted, before it threw:
        // the posted failure is its report, and the thrown one is not reported again.
        var reported = false
        if case .failed(let error) = outcome, error is any ReportedByFramework {
            reported = tookPost(from: done.runner)
        }
        switch done.closure {
        case .groupHook(let group, let ref):
            finish(ref.node, of: group, outcome, reported: reported)
        case .elementHook(let element, let ref):
            finish(ref.node, of: element, outcome, reported: reported)
        case .example(let element):
            switch outcome {
            case .passed:
                break
            case .failed(let error):
                fail(
                    element, SpecFailure(path: element.path.steps(), error: error, location: element.node.location),
                    reported: reported)
            case .skipped(let reason):
                skip(element, reason, declaredAt: element.node.location)
            }
        case .elementCleanup(let element, let cleanup):
            let registrant = cleanup.registrant
            switch outcome {
            case .passed:
                break
            case .failed(let error):
                fail(
                    element, SpecFailure(path: registrant.path, error: error, location: cleanup.location),
                    reported: reported, attempt: registrant.attempt)
            case .skipped(let reason):
                reporter.report(
                    SpecSkip(
                        path: registrant.path, reason: reason.message, location: reason.location ?? cleanup.location))
            }
        case .groupCleanup(_, let cleanup):
            let registrant = cleanup.registrant
            switch outcome {
            case .passed:
                break
            case .failed(let error):
                if !reported {
                    reporter.report(SpecFailure(path: registrant.path, error: error, location: cleanup.location))
                }
            case .skipped(let reason):
                reporter.report(
                    SpecSkip(
                        path: registrant.path, reason: reason.message, location: reason.location ?? cleanup.location))
            }
        }
    }

    /// How a `beforeAll` or `afterAll` hook of `group` ended: what it
    /// records, and where the group goes on.
    func finish(_ hook: HookNode<Mode>, of group: GroupFrame, _ outcome: Outcome, reported: Bool) {
        let path = group.path.steps(appending: hook.pathComponent)
        switch (hook.kind, outcome) {
        case (_, .passed):
            break
        case (.beforeAll, .failed(let error)):
            if !reported {
                let said = (group.attemptPlan?.retries ?? 0) > 0 ? NotRetried(error: error) : error
                reporter.report(SpecFailure(path: path, error: said, location: hook.location))
            }
            leaveOut(group.node, under: group.path.steps(), as: .failed)
            group.stage = .afterAll(0)
        case (.beforeAll, .skipped(let reason)):
            reporter.report(
                SpecSkip(path: group.path.steps(), reason: reason.message, location: reason.location ?? hook.location)
            )
            leaveOut(group.node, under: group.path.steps(), as: .skipped(reason: reason.message))
            group.stage = .done
        case (_, .failed(let error)):
            if !reported { reporter.report(SpecFailure(path: path, error: error, location: hook.location)) }
        case (_, .skipped(let reason)):
            reporter.report(SpecSkip(path: path, reason: reason.message, location: reason.location ?? hook.location))
        }
    }

    /// How a `beforeEach` or `afterEach` hook of `element` ended: what it
    /// records, and where the element goes on.
    func finish(_ hook: HookNode<Mode>, of element: ElementFrame, _ outcome: Outcome, reported: Bool) {
        let path = element.path.steps(appending: hook.pathComponent)
        switch (hook.kind, outcome) {
        case (_, .passed):
            break
        case (.beforeEach, .failed(let error)):
            fail(element, SpecFailure(path: path, error: error, location: hook.location), reported: reported)
            element.stage = .afterEach(element.layers.count - 1, 0)
        case (.beforeEach, .skipped(let reason)):
            skip(element, reason, declaredAt: hook.location)
            element.runsAfterEach = false
            element.stage = .unwinding(element.layers.count - 1)
        case (_, .failed(let error)):
            fail(element, SpecFailure(path: path, error: error, location: hook.location), reported: reported)
        case (_, .skipped(let reason)):
            reporter.report(SpecSkip(path: path, reason: reason.message, location: reason.location ?? hook.location))
        }
    }

    /// Takes back the walks of a ``Instruction/concurrently(_:)``, all
    /// ended: their events reach the observer in declaration order, each
    /// walk's together, as if the elements had run one after another.
    func finishConcurrently(_ walks: [SpecWalk]) {
        let skipped: SkippedInPlace? =
            if case .group(let group) = top { group.node.skippedInPlace } else { nil }
        for (index, walk) in walks.enumerated() {
            if let skipped { report(skipped.before[index]) }
            reporter.absorb(walk.reporter)
            adoptedInboxes.append(walk.inbox)
            adoptedInboxes += walk.adoptedInboxes
            adoptedAny = true
        }
        takePosted()
    }

    /// Attributes what was posted since the walk last looked: to its own
    /// inbox, and to those of a concurrent group's elements, whose tasks may
    /// post after those elements' walks ended (late failures of their examples).
    func takePosted() {
        if let posted = inbox.take() { attribute(posted) }
        guard adoptedAny else { return }
        for adopted in adoptedInboxes {
            if let posted = adopted.take() { attribute(posted) }
        }
    }

    /// Records a failure of `element` unless its framework `reported` it
    /// already (its closure posted it); either way the element has failed.
    func fail(
        _ element: ElementFrame, _ failure: SpecFailure, reported: Bool, attempt: AttemptNote? = nil
    ) {
        if reported {
            element.failed = true
        } else {
            record(failure, of: element, attempt: attempt)
        }
    }

    /// Records a failure of `element` (of one of its hooks, or posted by
    /// one), which fails it. An example that repeats or retries says which
    /// run failed; while another attempt may follow, the failure is held
    /// (see ExampleAttempts.swift). `attempt` is the run of a cleanup's
    /// registrant, which is the run that ends now.
    func record(_ failure: SpecFailure, of element: ElementFrame, attempt: AttemptNote? = nil) {
        element.failed = true
        guard let attempts = element.attempts else { return reporter.report(failure) }
        var noted = failure
        noted.error = AttemptFailure(error: failure.error, run: attempt ?? attempts.note)
        if attempts.holdsFailures { attempts.held.append(noted) } else { reporter.report(noted) }
    }

    /// Marks `element` skipped. The skip is reported when the element finishes, and only if its
    /// teardown did not fail meanwhile: when one element both skips and fails, the failure wins.
    func skip(_ element: ElementFrame, _ reason: SkipReason, declaredAt location: CodeLocation) {
        element.skip = (reason, reason.location ?? location)
    }

    func finish(_ element: ElementFrame) {
        let result: ExampleResult
        if element.failed || element.attempts?.failedLate != nil {
            result = .failed
        } else if let (reason, location) = element.skip {
            reporter.report(SpecSkip(path: element.path.steps(), reason: reason.message, location: location))
            result = .skipped(reason: reason.message)
        } else {
            result = .passed
        }
        element.result = result
        forgetPosters(of: element)
        switch element.node {
        case .example:
            if case .failed = result, let failFast { failFast.trip() }
            reporter.finishExample(element, result, started: element.started)
        case .group(let group) where !element.bodyStarted:
            // The group never ran: its examples end the way the element did.
            leaveOut(group, under: element.path.steps(), as: result)
        case .group:
            break
        }
    }

    /// Skips the elements of `group` from `index` on, none of which has
    /// started, as an example failed and the run fails fast: each example
    /// with the reason, each group as one skip and its examples; then moves
    /// the group on to its `afterAll` hooks, which run, as its `beforeAll` did.
    @inline(never)
    func skipForFailFast(_ group: GroupFrame, from index: Int) {
        let reason = FailFastLatch.reason
        let skipped = group.node.skippedInPlace
        for position in index..<group.node.content.elementCount {
            if let skipped { report(skipped.before[position]) }
            let element = group.node.content.element(at: position)
            let path = group.path.steps(appending: element.description)
            reporter.report(SpecSkip(path: path, reason: reason, location: element.location))
            switch element {
            case .example: reporter.finishExample(path, .skipped(reason: reason))
            case .group(let child): leaveOut(child, under: path, as: .skipped(reason: reason))
            }
        }
        group.stage = .elements(group.node.content.elementCount)
    }

    /// Skips `element`, a concurrent group's element that got its slot after
    /// an example failed under fail-fast, before any of its closures ran;
    /// the walk then has nothing left to do.
    @inline(never)
    func skipForFailFast(_ element: ElementFrame) {
        let reason = FailFastLatch.reason
        let path = element.path.steps()
        reporter.report(SpecSkip(path: path, reason: reason, location: element.node.location))
        switch element.node {
        case .example: reporter.finishExample(path, .skipped(reason: reason))
        case .group(let group): leaveOut(group, under: path, as: .skipped(reason: reason))
        }
        top = nil
    }

    /// Ends the examples of a group that will not run as `result`; those
    /// the plan skips, in their places, as skipped.
    func leaveOut(_ group: GroupNode<Mode>, under path: [String], as result: ExampleResult) {
        // Examples a failing `beforeAll` leaves out fail: the first failure of the process, for fail-fast.
        if case .failed = result, let failFast { failFast.trip() }
        group.plannedExamples(under: path) { path, skipped in
            if let skipped { report([skipped]) } else { reporter.finishExample(path, result) }
        }
    }

    /// Reports examples the plan skips, where they stand.
    func report(_ skipped: [SkippedExample]) {
        for example in skipped {
            reporter.report(
                SpecSkip(path: example.path, reason: example.reason, location: example.location), planned: true)
            reporter.finishExample(example.path, .skipped(reason: example.reason))
        }
    }
}
