import EmitterKit
