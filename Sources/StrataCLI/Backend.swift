import StrataGL

/// A rendering backend the user can ask for (`--backend`).
public typealias BackendChoice = BackendPreference
