// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Compliance} from "./Compliance.sol";
import {IHolding} from "./IERC7943.sol";

/// @title What every asset token shares: it asks Compliance before each ordinary transfer and
/// reports each balance change to it.
/// @notice Refusals, one design for the three kinds: an ordinary transfer the rules refuse reverts
/// with `TransferNotCompliant(code)`, the code being Compliance's reason (docs/product.md,
/// eligibility), which the API names; the ERC-7943 error `ERC7943CannotTransact(account)` is kept
/// for the one refusal ERC-7943's own functions make, a forced transfer or recovery to an account
/// that may not hold the token. A frozen amount (or item) is reason 4, "frozen".
/// @dev Forced transfers and recoveries bypass the rules (`_mode`, transient: it never outlives the
/// call that sets it); only the token's admins, its issuer and the platform, may make them. They
/// move tokens without the receiver hooks of safe transfers: no outside code runs while the rules
/// are off, so a receiving contract cannot re-enter and move tokens unchecked.
abstract contract CompliantToken is IHolding {
    uint8 internal constant ORDINARY = 0;
    uint8 internal constant FORCED = 1;
    uint8 internal constant RECOVERY = 2;

    error TransferNotCompliant(uint8 code);
    error NotTokenAdmin(address caller);
    /// A wallet can only be recovered to another wallet of the same verified identity.
    error NotSameIdentity(address lost, address replacement);

    Compliance public immutable compliance;
    uint8 internal transient _mode;

    constructor(Compliance compliance_, address treasury) {
        compliance = compliance_;
        compliance_.bind(treasury);
    }

    modifier onlyAdmin() {
        if (!compliance.isTokenAdmin(address(this), msg.sender)) revert NotTokenAdmin(msg.sender);
        _;
    }

    /// @notice Mirrors the token's pause in Compliance.
    function paused() external view returns (bool) {
        return compliance.paused(address(this));
    }

    function _canTransact(address account) internal view returns (bool) {
        return account != address(0)
            && (compliance.isExempt(address(this), account) || compliance.registry().isVerified(account));
    }

    /// @dev Before a balance change: an ordinary transfer must pass every rule (mints happen only in
    /// the constructor, to the treasury).
    function _checkMove(address from, address to, uint256 amount) internal view {
        if (from == address(0) || _mode != ORDINARY) return;
        _refuse(compliance.check(address(this), from, to, amount));
    }

    /// @dev After a balance change; a recovery reports itself once, when everything has moved.
    function _reportMove(address from, address to, uint256 amount) internal {
        if (from != address(0) && _mode != RECOVERY) compliance.transferred(from, to, amount);
    }

    /// @dev The frozen amount once `amount` is forced out of `balance`: unfrozen tokens go first, so
    /// it drops (to what is left) only when frozen ones must go too.
    function _frozenAfterForced(uint256 balance, uint256 frozen, uint256 amount) internal pure returns (uint256) {
        uint256 unfrozen = balance > frozen ? balance - frozen : 0;
        return amount > unfrozen && amount <= balance ? balance - amount : frozen;
    }

    function _refuse(uint8 code) internal pure {
        if (code != 0) revert TransferNotCompliant(code);
    }

    function _requireSameIdentity(address lost, address replacement) internal view {
        bytes32 id = compliance.registry().identityOf(lost);
        if (id == bytes32(0) || lost == replacement || compliance.registry().identityOf(replacement) != id) {
            revert NotSameIdentity(lost, replacement);
        }
    }
}
