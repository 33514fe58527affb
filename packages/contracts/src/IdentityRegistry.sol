// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title The platform's register of verified investors.
/// @notice An identity is an opaque 32-byte key the platform derives from an investor's DID (nothing
/// personal is stored here) with the investor's country of residence (ISO 3166-1 alpha-3, "FRA"),
/// the end of its verification and whether it is accredited. Each identity may hold many wallets; a
/// wallet belongs to at most one identity. Only the platform writes, and every write is idempotent
/// (the same call twice leaves the same state and does not revert), because the platform's jobs are
/// re-run after a crash.
contract IdentityRegistry is Ownable {
    struct Identity {
        bytes3 country;
        uint64 validUntil;
        bool accredited;
    }

    event IdentitySet(bytes32 indexed id, bytes3 country, uint64 validUntil, bool accredited);
    event WalletAdded(address indexed wallet, bytes32 indexed id);
    event WalletRemoved(address indexed wallet, bytes32 indexed id);

    error ZeroIdentity();
    /// The wallet already belongs to another identity: remove it there first.
    error WalletTaken(address wallet, bytes32 id);

    mapping(bytes32 id => Identity) private _identities;
    mapping(address wallet => bytes32 id) public identityOf;

    constructor(address platform) Ownable(platform) {}

    function setIdentity(bytes32 id, bytes3 country, uint64 validUntil, bool accredited) external onlyOwner {
        if (id == bytes32(0)) revert ZeroIdentity();
        _identities[id] = Identity(country, validUntil, accredited);
        emit IdentitySet(id, country, validUntil, accredited);
    }

    function addWallet(address wallet, bytes32 id) external onlyOwner {
        if (id == bytes32(0)) revert ZeroIdentity();
        bytes32 current = identityOf[wallet];
        if (current == id) return;
        if (current != bytes32(0)) revert WalletTaken(wallet, current);
        identityOf[wallet] = id;
        emit WalletAdded(wallet, id);
    }

    function removeWallet(address wallet) external onlyOwner {
        bytes32 current = identityOf[wallet];
        if (current == bytes32(0)) return;
        delete identityOf[wallet];
        emit WalletRemoved(wallet, current);
    }

    function investorOf(address wallet)
        external
        view
        returns (bytes32 id, bytes3 country, uint64 validUntil, bool accredited)
    {
        id = identityOf[wallet];
        Identity storage identity = _identities[id];
        return (id, identity.country, identity.validUntil, identity.accredited);
    }

    /// @notice The wallet belongs to an identity whose verification has not expired.
    function isVerified(address wallet) public view returns (bool) {
        bytes32 id = identityOf[wallet];
        return id != bytes32(0) && _identities[id].validUntil > block.timestamp;
    }
}
