// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Compliance} from "./Compliance.sol";
import {IERC1643} from "./IERC1643.sol";
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
/// Offering documents (ERC-1643): the token's admins name them; anyone reads them (ADR 73).
abstract contract CompliantToken is IHolding, IERC1643 {
    uint8 internal constant ORDINARY = 0;
    uint8 internal constant FORCED = 1;
    uint8 internal constant RECOVERY = 2;

    error TransferNotCompliant(uint8 code);
    error NotTokenAdmin(address caller);
    /// A wallet can only be recovered to another wallet of the same verified identity.
    error NotSameIdentity(address lost, address replacement);
    error EmptyDocumentName();
    error EmptyDocumentUri();
    error DocumentNotFound(bytes32 name);

    struct Document {
        string uri;
        bytes32 documentHash;
        uint256 lastModified;
    }

    Compliance public immutable compliance;
    uint8 internal transient _mode;
    mapping(bytes32 name => Document) private _documents;
    bytes32[] private _documentNames;
    /// Position in `_documentNames` plus one; 0 for a name without a document.
    mapping(bytes32 name => uint256) private _documentSlot;

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

    /// @notice Adds a document or replaces its current version (the events keep every version).
    function setDocument(bytes32 _name, string calldata _uri, bytes32 _documentHash) external onlyAdmin {
        if (_name == bytes32(0)) revert EmptyDocumentName();
        if (bytes(_uri).length == 0) revert EmptyDocumentUri();
        if (_documentSlot[_name] == 0) {
            _documentNames.push(_name);
            _documentSlot[_name] = _documentNames.length;
        }
        _documents[_name] = Document(_uri, _documentHash, block.timestamp);
        emit DocumentUpdated(_name, _uri, _documentHash);
    }

    /// @notice Removes a document; the last name takes its place in `getAllDocuments`.
    function removeDocument(bytes32 _name) external onlyAdmin {
        uint256 slot = _documentSlot[_name];
        if (slot == 0) revert DocumentNotFound(_name);
        Document memory removed = _documents[_name];
        bytes32 last = _documentNames[_documentNames.length - 1];
        _documentNames[slot - 1] = last;
        _documentSlot[last] = slot;
        _documentNames.pop();
        delete _documentSlot[_name];
        delete _documents[_name];
        emit DocumentRemoved(_name, removed.uri, removed.documentHash);
    }

    /// @return uri Where the document's bytes are. @return documentHash sha256 of them.
    /// @return lastModified When it was last set (0 for an unknown name).
    function getDocument(bytes32 _name) external view returns (string memory, bytes32, uint256) {
        Document storage document = _documents[_name];
        return (document.uri, document.documentHash, document.lastModified);
    }

    function getAllDocuments() external view returns (bytes32[] memory) {
        return _documentNames;
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
